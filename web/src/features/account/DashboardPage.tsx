// The customer's dashboard (/user): a greeting and a card for each part of
// the account area.
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useT, type MessageId } from '../../lib/i18n';

/** Each card's words are the catalogue's `account.card.<key>.title|text|action`. */
const CARDS: { key: 'orders' | 'designs' | 'profile' | 'addresses' | 'support'; to: string; icon: string }[] = [
  { key: 'orders', to: '/user/orders', icon: 'M4 4h16v4H4zm1 6h14v10H5zm4 3v2h6v-2z' },
  { key: 'designs', to: '/user/saved-designs', icon: 'M12 21l-1.4-1.3C5.4 15 2 12 2 8.3 2 5.4 4.3 3 7.2 3c1.8 0 3.5.8 4.8 2.1A6.6 6.6 0 0 1 16.8 3C19.7 3 22 5.4 22 8.3c0 3.7-3.4 6.7-8.6 11.4z' },
  { key: 'profile', to: '/user/profile', icon: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z' },
  { key: 'addresses', to: '/user/addresses', icon: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z' },
  { key: 'support', to: '/account/support', icon: 'M4 4h16v12H7l-3 3zm4 5v2h8V9z' },
];

export default function DashboardPage() {
  const t = useT();
  const { user } = useAuth();
  const name = user?.name?.trim() || t('account.defaultName');
  const words = (key: string, part: 'title' | 'text' | 'action') => t(`account.card.${key}.${part}` as MessageId);
  return (
    <section className="page account-dashboard">
      <header className="page-head">
        <h1>{t('account.welcome', { name })}</h1>
        <p className="muted">{t('account.intro')}</p>
      </header>
      <ul className="account-cards">
        {CARDS.map((card) => (
          <li key={card.to} className="card">
            <div className="card-body">
              <span className="account-icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="24" height="24">
                  <path fill="currentColor" d={card.icon} />
                </svg>
              </span>
              <h2>{words(card.key, 'title')}</h2>
              <p className="muted">{words(card.key, 'text')}</p>
              <Link className="btn" to={card.to}>
                {words(card.key, 'action')}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
