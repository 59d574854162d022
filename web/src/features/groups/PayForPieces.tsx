// Paying for one's own pieces of a members-pay group (a member's piece, or
// the organiser's top-ups): a button with the server's amount, then the
// billing details (the tax invoice is the payer's; the pieces ship with the
// group), then checkout's payment popup and verification (usePaymentPopup).
// Every refusal shows the server's message; one meaning the pieces or the
// price changed fetches them again, so the new amount shows.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createGroupPayment, useRefreshAfterPayment } from '../../api/groupOrders';
import type { OrderConfirmation } from '../../api/payments';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { rupees } from '../../lib/money';
import { useT } from '../../lib/i18n';
import { forgetReceipt, receiptFor } from '../../lib/receipt';
import { TestPaymentDialog } from '../../components/TestPaymentDialog';
import { useGstinCheck } from '../../hooks/useGstinCheck';
import { usePaymentPopup } from '../../hooks/usePaymentPopup';
import { AddressForm } from './AddressForm';
import { emptyAddress, useAddressForm } from './useAddressForm';

/** Codes after which the amount shown is no longer the server's: the row and the group are fetched again. */
const STALE = ['AMOUNT_MISMATCH', 'GROUP_ROWS_CHANGED', 'GROUP_NOTHING_TO_PAY', 'ORDER_ALREADY_PAID', 'GROUP_CLOSED', 'GROUP_CANCELLED', 'GROUP_DEADLINE_PASSED'];

interface Props {
  token: string;
  /** Paise, the server's `toPay`. */
  amount: number;
  /** The button that opens the billing details, e.g. "Pay ₹306.48". */
  label: string;
  onPaid: (confirmation: OrderConfirmation) => void;
  /** Above the billing fields; by default, the member's (their invoice, the piece shipping with the group). */
  hint?: string;
}

export function PayForPieces({ token, amount, label, onPaid, hint }: Props) {
  const t = useT();
  const id = useId();
  const { user } = useAuth();
  const refresh = useRefreshAfterPayment(token);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<{ text: string; paidOrder?: boolean } | null>(null);
  const [gstin, setGstin] = useState('');
  const billing = useAddressForm('billing', () => emptyAddress(user));
  const gstinCheck = useGstinCheck(gstin, billing.fields.state);
  const receiptKey = `group-pay.${token}`;
  const formRef = useRef<HTMLFormElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);

  const payment = usePaymentPopup({
    onPaid: (confirmation) => {
      forgetReceipt(receiptKey);
      setOpen(false);
      refresh();
      onPaid(confirmation);
    },
    onFailed: (e) => {
      setProblem({ text: e.orderNumber ? t('groups.failedWithOrder', { reason: e.description, order: e.orderNumber }) : e.description });
      refresh();
    },
  });
  const busy = payment.processing;

  // The form opens with its first field focused; closed, focus goes back to its button.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) formRef.current?.querySelector<HTMLElement>('select, input')?.focus();
    else if (wasOpen.current) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const billingAddress = billing.submit();
    if (!billingAddress || gstinCheck.error) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const buyerGstin = gstin.trim().toUpperCase() || undefined;
    const receipt = receiptFor(JSON.stringify({ amount, billingAddress, gstin: buyerGstin }), receiptKey);
    try {
      await payment.pay(
        () => createGroupPayment(token, { amount, receipt, billingAddress, ...(buyerGstin ? { gstin: buyerGstin } : {}) }),
        { fullName: billingAddress.fullName ?? '', email: billingAddress.email ?? '', phone: billingAddress.phone ?? '' },
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ORDER_CANCELLED') forgetReceipt(receiptKey);
      if (err instanceof ApiError && err.code && STALE.includes(err.code)) refresh();
      // The session ended: the route guard takes the member to sign in.
      if (err instanceof ApiError && err.status === 401) return;
      setProblem({ text: (err instanceof ApiError && err.message) || t('groups.payFailed'), paidOrder: err instanceof ApiError && err.code === 'ORDER_ALREADY_PAID' });
    }
  };

  const summaryShown = billing.submitted && billing.summary;
  return (
    <div className="pay-pieces stack">
      {!open ? (
        <button ref={openButton} className="btn" type="button" onClick={() => (setProblem(null), setOpen(true))}>
          {label}
        </button>
      ) : (
        <form ref={formRef} className="stack group-form pay-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`} aria-busy={busy}>
          <h3 id={`${id}-title`}>{t('groups.payAmount', { amount: rupees(amount) })}</h3>
          <AddressForm form={billing} legend={t('groups.billingDetails')} hint={hint ?? t('groups.billingHint')} disabled={busy} />
          <div className="field wide gstin-field">
            <label htmlFor={`${id}-gstin`}>{t('groups.gstinLabel')}</label>
            <input
              id={`${id}-gstin`}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={gstin}
              disabled={busy}
              aria-invalid={gstinCheck.error ? true : undefined}
              aria-describedby={`${id}-gstin-note`}
              onChange={(e) => setGstin(e.target.value)}
            />
            <small id={`${id}-gstin-note`} className={gstinCheck.error ? 'field-error' : 'muted field-hint'}>
              {gstinCheck.error ?? t('groups.gstinHint')}
            </small>
          </div>
          <div role="alert">
            {summaryShown && <p className="notice error">{billing.summary}</p>}
            {problem && (
              <p className="notice error">
                {problem.text}
                {problem.paidOrder && (
                  <>
                    {' '}
                    <Link to="/user/orders">{t('groups.viewMyOrders')}</Link>
                  </>
                )}
              </p>
            )}
          </div>
          <div className="row">
            <button className="btn" type="submit" disabled={busy}>
              {busy ? t('groups.openingPayment') : t('groups.continueToPayment')}
            </button>
            <button className="btn ghost" type="button" disabled={busy} onClick={() => setOpen(false)}>
              {t('groups.cancel')}
            </button>
          </div>
          <p className="muted small-print">{t('groups.securePayment')}</p>
        </form>
      )}
      {payment.testOrder && <TestPaymentDialog order={payment.testOrder} paying={payment.testPaying} onPay={(o) => void payment.payTest(o)} onDismiss={payment.dismissTest} />}
    </div>
  );
}
