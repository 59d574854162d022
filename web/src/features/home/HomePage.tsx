// The home page. Loaded eagerly with the app shell, so it stays light: no
// engine, no three.js, and no picture above the fold (the hero is CSS and an
// inline SVG), so the first paint does not wait for downloads.
import { Link } from 'react-router';
import { FeaturedProducts } from './FeaturedProducts';
import { Hero } from './Hero';
import { Icon, type IconName } from '../../components/Icon';
import { useStoreFacts } from '../../api/store';
import { useT, type T } from '../../lib/i18n';

// The arrow after a link, the same in every language.
const ARROW = ' →';

/** The steps; the last names the claim window (CLAIM_WINDOW_DAYS) once the store's facts are in, as the refunds page does. */
const steps = (days: number | undefined, t: T): { icon: IconName; title: string; text: string }[] => [
  { icon: 'pen', title: t('home.step1.title'), text: t('home.step1.text') },
  { icon: 'printer', title: t('home.step2.title'), text: t('home.step2.text') },
  { icon: 'package', title: t('home.step3.title'), text: days === undefined ? t('home.step3.text') : t('home.step3.textWithin', { days }) },
];

export function HomePage() {
  const days = useStoreFacts().data?.claimWindowDays;
  const t = useT();
  return (
    <div className="home">
      <Hero />

      <section className="page section" id="how-it-works" aria-labelledby="how-heading">
        <h2 id="how-heading" className="section-title">
          {t('home.howItWorks')}
        </h2>
        <ol className="steps">
          {steps(days, t).map((s, i) => (
            <li className="step" key={s.title}>
              <span className="step-icon">
                <Icon name={s.icon} size={26} />
              </span>
              <span className="step-number">{t('home.step', { n: i + 1 })}</span>
              <h3>{s.title}</h3>
              <p className="muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="page section" aria-labelledby="featured-heading">
        <div className="section-head">
          <div>
            <h2 id="featured-heading" className="section-title">
              {t('home.featured')}
            </h2>
            <p className="muted">{t('home.featuredNote')}</p>
          </div>
          <Link to="/products" className="see-all">
            {t('home.shopAll')}
            {ARROW}
          </Link>
        </div>
        <FeaturedProducts />
      </section>

      <section className="page section">
        <div className="cta">
          <h2>{t('home.cta.title')}</h2>
          <p>{days === undefined ? t('home.cta.text') : t('home.cta.textWithin', { days })}</p>
          <Link className="btn cta-btn" to="/products">
            {t('home.cta.button')}
          </Link>
        </div>
      </section>
    </div>
  );
}
