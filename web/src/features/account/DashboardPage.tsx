// The customer's dashboard (/user): a greeting and a card for each part of
// the account area.
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';

const CARDS = [
  { title: 'My Orders', text: 'Track, review and cancel your orders.', action: 'View Orders', to: '/user/orders', icon: 'M4 4h16v4H4zm1 6h14v10H5zm4 3v2h6v-2z' },
  { title: 'Saved Designs', text: 'Your custom designs and saved items.', action: 'View Designs', to: '/user/saved-designs', icon: 'M12 21l-1.4-1.3C5.4 15 2 12 2 8.3 2 5.4 4.3 3 7.2 3c1.8 0 3.5.8 4.8 2.1A6.6 6.6 0 0 1 16.8 3C19.7 3 22 5.4 22 8.3c0 3.7-3.4 6.7-8.6 11.4z' },
  { title: 'Profile', text: 'Your name, mobile number and e-mail.', action: 'Edit Profile', to: '/user/profile', icon: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z' },
  { title: 'Addresses', text: 'Where your orders are delivered.', action: 'Manage Addresses', to: '/user/addresses', icon: 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z' },
  { title: 'Support', text: 'Your complaints and claims, and our replies.', action: 'View Tickets', to: '/account/support', icon: 'M4 4h16v12H7l-3 3zm4 5v2h8V9z' },
];

export default function DashboardPage() {
  const { user } = useAuth();
  const name = user?.name?.trim() || 'User';
  return (
    <section className="page account-dashboard">
      <header className="page-head">
        <h1>Welcome back, {name}!</h1>
        <p className="muted">Your orders, designs, profile, addresses and support tickets in one place.</p>
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
              <h2>{card.title}</h2>
              <p className="muted">{card.text}</p>
              <Link className="btn" to={card.to}>
                {card.action}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
