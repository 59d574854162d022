// The home page's hero: what a visitor sees first. web/home.html carries its markup as React renders it
// (app/firstScreenMarkup.test.tsx keeps the two equal), so that it paints with the HTML the server sends for `/`,
// before the app's code has loaded; React then draws the same hero in its place.
// The returns promise names the store's claim window (CLAIM_WINDOW_DAYS, from GET /api/store), as the refunds page
// does, and leads there. Until the facts arrive its number's room is kept empty (home.html is built once, for any
// window), so nothing moves when it is filled in.
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { useStoreFacts } from '../../api/store';
import { useT } from '../../lib/i18n';

function ReturnsPromise() {
  const facts = useStoreFacts();
  const days = facts.data?.claimWindowDays;
  const t = useT();
  return (
    <Link className="promise-link" to="/refunds">
      {facts.isError
        ? t('home.hero.returns')
        : t.rich('home.hero.returnsWithin', {
            days: days ?? '',
            n: (chunks) => (
              <span key="days" className="promise-days">
                {chunks}
              </span>
            ),
          })}
    </Link>
  );
}

export function Hero() {
  const t = useT();
  return (
    <section className="hero">
      <div className="hero-inner">
        <div className="hero-copy">
          <p className="eyebrow">{t('home.hero.eyebrow')}</p>
          <h1>{t('home.hero.title')}</h1>
          <p className="lead">{t('home.hero.lead')}</p>
          <div className="hero-actions">
            <Link className="btn hero-btn" to="/products">
              {t('home.hero.start')}
            </Link>
            <a className="btn ghost hero-btn" href="#how-it-works">
              {t('home.howItWorks')}
            </a>
          </div>
          <ul className="promise-list">
            <li>
              <Icon name="truck" size={18} /> {t('home.hero.delivery')}
            </li>
            <li>
              <Icon name="returns" size={18} /> <ReturnsPromise />
            </li>
            <li>
              <Icon name="lock" size={18} /> {t('home.hero.secure')}
            </li>
          </ul>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

/** A decorative shirt drawn in SVG: the hero's picture without a download. */
function HeroArt() {
  const t = useT();
  return (
    <div className="hero-art" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="hero-shirt">
        <defs>
          <linearGradient id="hero-shirt-fill" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fdba74" />
            <stop offset="1" stopColor="#ea580c" />
          </linearGradient>
        </defs>
        <path
          d="M20.38 3.46 16 2a4 4 0 0 1-8 0L3.62 3.46a2 2 0 0 0-1.34 2.23l.58 3.47a1 1 0 0 0 .99.84H6v10c0 1.1.9 2 2 2h8a2 2 0 0 0 2-2V10h2.15a1 1 0 0 0 .99-.84l.58-3.47a2 2 0 0 0-1.34-2.23z"
          fill="url(#hero-shirt-fill)"
          stroke="#9a3412"
          strokeWidth="0.4"
          strokeLinejoin="round"
        />
        <circle cx="14.6" cy="8.2" r="1.5" fill="#fff" opacity="0.95" />
        <polygon points="14.6 7.2 14.9 7.85 15.6 7.95 15.1 8.45 15.2 9.15 14.6 8.8 14 9.15 14.1 8.45 13.6 7.95 14.3 7.85" fill="#ea580c" />
      </svg>
      <span className="hero-tag tag-chest">{t('home.hero.logoHere')}</span>
      <span className="hero-tag tag-3d">{t('home.hero.see3d')}</span>
    </div>
  );
}
