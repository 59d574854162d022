// The profile's WhatsApp updates: consent for the account's proven mobile number, or its end (docs/whatsapp.md).
// Without a number there is nothing to consent for: the box waits, saying why.
import { useState } from 'react';
import { profileError, useUpdateProfile, type Profile } from '../../api/profile';
import { useT } from '../../lib/i18n';

export default function WhatsAppChoice({ profile }: { profile: Profile }) {
  const t = useT();
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const phone = profile.whatsappPhone || profile.phone;

  const choose = (on: boolean) => {
    setError(null);
    update.mutate({ name: profile.name, whatsappUpdates: on }, { onError: (e) => setError(profileError(e, t('profile.whatsapp.failed'))) });
  };

  return (
    <div className="account-panel">
      <fieldset className="account-form" aria-busy={update.isPending}>
        <legend>
          <h2>{t('profile.whatsapp.title')}</h2>
        </legend>
        {phone ? (
          <label className="check">
            <input type="checkbox" checked={profile.whatsappUpdates} disabled={update.isPending} onChange={(e) => choose(e.target.checked)} /> {t('checkout.whatsappUpdates', { phone })}
          </label>
        ) : (
          <p className="muted hint">{t('profile.whatsapp.needsPhone')}</p>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}
