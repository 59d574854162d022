// "Start a group order" from a saved design: a title, the deadline's day and
// who pays: the organiser for everyone, or each member for their own piece
// (then the address every piece ships to, as checkout asks for it). Whether
// members add a name and number is not asked: it follows from the design
// (the server requires it exactly when the design prints them). Each member
// adds one piece unless the organiser allows more (a parent ordering for two
// children). Goes to the new group's page.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MEMBERS_PAY, useCreateGroupOrder } from '../../api/groupOrders';
import type { SavedDesign } from '../../api/designs';
import { Dialog } from '../../components/Dialog';
import { useAuth } from '../../lib/auth';
import { serverErrorText } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { AddressForm } from './AddressForm';
import { dateInputValue, DAY_MS, deadlineFromDate, DEFAULT_DAYS } from './deadline';
import { printedFields, printsAny } from './printedFields';
import { emptyAddress, useAddressForm } from './useAddressForm';

export const TITLE_MAX_CHARS = 80;
/** The most pieces a member may be allowed (the server's MAX_PIECES_PER_MEMBER, which judges). */
export const MAX_PIECES_PER_MEMBER = 10;

export function StartGroupDialog({ design, onClose }: { design: SavedDesign; onClose: () => void }) {
  const t = useT();
  const create = useCreateGroupOrder();
  const navigate = useNavigate();
  const [title, setTitle] = useState(design.name);
  const [day, setDay] = useState(() => dateInputValue(Date.now() + DEFAULT_DAYS * DAY_MS));
  const [error, setError] = useState<string | null>(null);
  const [payment, setPayment] = useState<'organiser' | 'members'>('organiser');
  const [piecesPerMember, setPiecesPerMember] = useState(1);
  const { user } = useAuth();
  const shipTo = useAddressForm('shipping', () => emptyAddress(user));
  const formRef = useRef<HTMLFormElement>(null);
  const fields = printedFields(design.design);
  const membersPay = payment === MEMBERS_PAY;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const deadline = deadlineFromDate(day);
    if (deadline === null) return setError(t('groups.chooseDeadline'));
    const address = membersPay ? shipTo.submit() : null;
    if (membersPay && !address) {
      setError(shipTo.summary);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setError(null);
    create.mutate(
      { designId: design._id, title, deadline, payment, personalisation: printsAny(fields), piecesPerMember, ...(address ? { shipTo: address } : {}) },
      { onSuccess: (group) => navigate(`/account/group-orders/${group._id}`), onError: (err) => setError(serverErrorText(err, t('groups.changeFailed'))) },
    );
  };

  return (
    <Dialog title={t('groups.start.title')} onClose={onClose}>
      <form ref={formRef} className="stack group-form" onSubmit={submit} noValidate>
        <p className="muted">
          {t(printsAny(fields) ? 'groups.start.introPersonal' : 'groups.start.intro')} {t(membersPay ? 'groups.start.introMembers' : 'groups.start.introOrganiser')}
        </p>
        <div className="field">
          <label htmlFor="group-title">{t('groups.start.titleLabel')}</label>
          <input id="group-title" value={title} maxLength={TITLE_MAX_CHARS} required autoFocus onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="group-deadline">{t('groups.start.deadlineLabel')}</label>
          <input id="group-deadline" type="date" value={day} min={dateInputValue(Date.now())} required onChange={(e) => setDay(e.target.value)} />
        </div>
        <fieldset className="who-pays">
          <legend>{t('groups.start.whoPays')}</legend>
          <label>
            <input type="radio" name="group-payment" value="organiser" checked={!membersPay} onChange={() => setPayment('organiser')} /> {t('groups.start.iPay')}
          </label>
          <label>
            <input type="radio" name="group-payment" value="members" checked={membersPay} onChange={() => setPayment('members')} aria-describedby="members-pay-note" /> {t('groups.start.eachPays')}
          </label>
          <p id="members-pay-note" className="muted small-print">
            {t('groups.start.eachPaysNote')}
          </p>
        </fieldset>
        <div className="field">
          <label htmlFor="group-pieces">{t('groups.start.piecesEach')}</label>
          <select id="group-pieces" value={piecesPerMember} onChange={(e) => setPiecesPerMember(Number(e.target.value))} aria-describedby="group-pieces-note">
            {Array.from({ length: MAX_PIECES_PER_MEMBER }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? t('groups.start.oneEach') : n}
              </option>
            ))}
          </select>
          <p id="group-pieces-note" className="muted small-print">
            {t('groups.start.piecesEachNote')}
          </p>
        </div>
        {membersPay && <AddressForm form={shipTo} legend={t('groups.start.shipTo')} hint={t('groups.start.shipToHint')} disabled={create.isPending} />}
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          <button className="btn" type="submit" disabled={create.isPending}>
            {create.isPending ? t('groups.start.starting') : t('groups.start.submit')}
          </button>
          <button className="btn ghost" type="button" onClick={onClose}>
            {t('groups.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
