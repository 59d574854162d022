// The language follows a signed-in customer: the account's (GET /api/users/profile `language`) is taken on a
// browser that has no choice of its own yet, and a choice made here (the bar's switch, the profile's) is saved to
// the account, so the server's e-mails, SMS and WhatsApp messages are written in it too.
import { useEffect, useRef } from 'react';
import { useProfile, useUpdateProfile } from '../api/profile';
import { useAuth } from '../lib/auth';
import { languageChosenHere, useLanguage } from '../lib/i18n';

function Sync() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const { language, setLanguage } = useLanguage();
  const adopted = useRef(false);
  // The language last sent: one try per choice, so a refused save is not sent again on every render.
  const sent = useRef<string | undefined>(undefined);
  const saved = profile.data?.language;
  const name = profile.data?.name;

  useEffect(() => {
    if (!saved || name === undefined) return;
    if (!adopted.current) {
      adopted.current = true;
      if (!languageChosenHere() && saved !== language) {
        void setLanguage(saved);
        return;
      }
    }
    if (saved !== language && sent.current !== language) {
      sent.current = language;
      update.mutate({ name, language });
    }
  }, [saved, name, language, setLanguage, update]);
  return null;
}

export function LanguageSync() {
  const { isAuthenticated, offline } = useAuth();
  return isAuthenticated && !offline ? <Sync /> : null;
}
