// The one-time code step of /login, for a code sent by e-mail or by SMS: the
// code field, verify, resend, and a way back to change where it went.
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../../lib/i18n';

interface Props {
  /** The sentence saying where the code went (by e-mail or SMS), with the address as the shopper typed it. */
  sent: ReactNode;
  code: string;
  onCode: (code: string) => void;
  onSubmit: (e: FormEvent) => void;
  submitLabel: string;
  onResend: () => void;
  onChange: () => void;
  changeLabel: string;
  busy: boolean;
  disabled: boolean;
}

export default function CodeStep({ sent, code, onCode, onSubmit, submitLabel, onResend, onChange, changeLabel, busy, disabled }: Props) {
  const t = useT();
  return (
    <form onSubmit={onSubmit} className="stack">
      <p className="muted">{sent}</p>
      <label>
        {t('auth.otpLabel')}
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
          autoFocus
        />
      </label>
      <button className="btn" type="submit" disabled={disabled || code.length !== 6}>
        {busy ? t('auth.checking') : submitLabel}
      </button>
      <div className="row">
        <button type="button" className="link-button" onClick={onResend} disabled={disabled}>
          {t('auth.resendCode')}
        </button>
        <button type="button" className="link-button" onClick={onChange} disabled={disabled}>
          {changeLabel}
        </button>
      </div>
    </form>
  );
}
