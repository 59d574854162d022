// The shipping or billing address inputs, each labelled, with its message
// beside it. Shipping also has the contact fields (e-mail, name, +91 phone);
// so has billing where it stands alone (`contact`: a group member's billing
// details, whose invoice is their own).
import type { ReactNode } from 'react';
import type { BillingFields, Section, ShippingFields } from '../../lib/checkoutForm';
import { cleanPhone, cleanPincode } from '../../lib/inputs';
import type { PincodeStatus } from '../../hooks/usePincodeAutofill';
import type { DeliveryNote } from '../../hooks/useDeliveryNote';
import { useT } from '../../lib/i18n';
import type { MessageId } from '../../lib/i18n';
import './address.css';

type Key = keyof ShippingFields;

// Signs the same in every language: a required field's star and India's calling code.
const REQUIRED = ' *';
const INDIA_CODE = '+91';

interface FieldSpec {
  key: Key;
  label: MessageId;
  autoComplete: string;
  type?: string;
  inputMode?: 'email' | 'numeric' | 'tel' | 'text';
  optional?: boolean;
  wide?: boolean;
}

const CONTACT: FieldSpec[] = [
  { key: 'email', label: 'address.email', autoComplete: 'email', type: 'email', inputMode: 'email', wide: true },
  { key: 'fullName', label: 'address.fullName', autoComplete: 'name', wide: true },
  { key: 'phone', label: 'address.phone', autoComplete: 'tel-national', type: 'tel', inputMode: 'numeric', wide: true },
];
const ADDRESS: FieldSpec[] = [
  { key: 'addressLine1', label: 'address.line1', autoComplete: 'address-line1', wide: true },
  { key: 'addressLine2', label: 'address.line2', autoComplete: 'address-line2', optional: true, wide: true },
  { key: 'pincode', label: 'address.pincode', autoComplete: 'postal-code', inputMode: 'numeric' },
  { key: 'city', label: 'address.city', autoComplete: 'address-level2' },
  { key: 'state', label: 'address.state', autoComplete: 'address-level1' },
];

interface Props {
  section: Section;
  values: ShippingFields | BillingFields;
  /** The message to show beside a field, if any. */
  errorOf: (key: string) => string | undefined;
  onChange: (key: Key, value: string) => void;
  onBlur: (key: string) => void;
  pincode: PincodeStatus;
  /** The courier's estimate for the pincode (shipping only). */
  delivery?: DeliveryNote;
  disabled?: boolean;
  /** With the contact fields (the default for shipping only). */
  contact?: boolean;
}

export function AddressFields({ section, values, errorOf, onChange, onBlur, pincode, delivery, disabled, contact = section === 'shipping' }: Props) {
  const fields = contact ? [...CONTACT, ...ADDRESS] : ADDRESS;
  const prefix = section === 'billing' ? 'billing ' : 'shipping ';
  const t = useT();
  return (
    <div className="address-grid">
      {fields.map((f) => {
        const id = `${section}-${f.key}`;
        const path = `${section}.${f.key}`;
        const value = (values as unknown as Record<string, string>)[f.key] ?? '';
        let error = errorOf(path);
        let hint: ReactNode = null;
        let estimate: DeliveryNote | undefined;
        if (f.key === 'pincode') {
          if (!error && pincode.kind === 'error') error = pincode.message;
          if (!error && delivery?.blocks) error = delivery.message;
          if (!error && delivery && !delivery.blocks) estimate = delivery;
          if (pincode.kind === 'looking') hint = t('address.lookingUp');
          if (pincode.kind === 'found') hint = t('address.found', { place: pincode.place });
        }
        if (f.key === 'phone') hint = t('address.phoneHint');
        const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : '', estimate ? `${id}-estimate` : ''].filter(Boolean).join(' ') || undefined;
        // The cleaners cap phone and pincode (no maxLength: a pasted '+91 98765 43210' would be cut before it is cleaned).
        const clean = f.key === 'phone' ? cleanPhone : f.key === 'pincode' ? cleanPincode : (v: string) => v;
        const input = (
          <input
            id={id}
            name={f.key}
            type={f.type ?? 'text'}
            inputMode={f.inputMode}
            autoComplete={`${prefix}${f.autoComplete}`}
            value={value}
            required={!f.optional}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            onChange={(e) => onChange(f.key, clean(e.target.value))}
            onBlur={() => onBlur(path)}
          />
        );
        return (
          <div key={f.key} className={`field ${f.wide ? 'wide' : ''}`}>
            <label htmlFor={id}>
              {t(f.label)}
              {!f.optional && (
                <span aria-hidden="true" className="req">
                  {REQUIRED}
                </span>
              )}
            </label>
            {f.key === 'phone' ? (
              <div className={`phone-input ${error ? 'invalid' : ''}`}>
                <span className="phone-prefix" aria-label={t('address.countryCode')}>
                  {INDIA_CODE}
                </span>
                {input}
              </div>
            ) : (
              input
            )}
            {hint && !error && (
              <small id={`${id}-hint`} className="muted field-hint">
                {hint}
              </small>
            )}
            {error && (
              <small id={`${id}-error`} className="field-error">
                {error}
              </small>
            )}
            {estimate && (
              <small id={`${id}-estimate`} className={`field-hint delivery-estimate ${estimate.quiet ? 'muted' : 'known'}`}>
                {estimate.message}
              </small>
            )}
          </div>
        );
      })}
    </div>
  );
}
