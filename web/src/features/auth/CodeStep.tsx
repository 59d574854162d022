// The one-time code step of /login, for a code sent by e-mail or by SMS: the
// code field, verify, resend, and a way back to change where it went.
import type { FormEvent, ReactNode } from 'react';

interface Props {
  /** Where the code went, as the shopper typed it. */
  sentTo: ReactNode;
  /** 'a 6-digit code' or 'a 6-digit code by SMS'. */
  how: string;
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

export default function CodeStep({ sentTo, how, code, onCode, onSubmit, submitLabel, onResend, onChange, changeLabel, busy, disabled }: Props) {
  return (
    <form onSubmit={onSubmit} className="stack">
      <p className="muted">
        We sent {how} to <strong>{sentTo}</strong>.
      </p>
      <label>
        One-time code (OTP)
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
        {busy ? 'Checking…' : submitLabel}
      </button>
      <div className="row">
        <button type="button" className="link-button" onClick={onResend} disabled={disabled}>
          Resend code
        </button>
        <button type="button" className="link-button" onClick={onChange} disabled={disabled}>
          {changeLabel}
        </button>
      </div>
    </form>
  );
}
