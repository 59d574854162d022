// The home page. Loaded eagerly with the app shell, so it stays light: no
// engine, no three.js, and no picture above the fold (the hero is CSS and an
// inline SVG), so the first paint does not wait for downloads.
import { Link } from 'react-router';
import { FeaturedProducts } from './FeaturedProducts';
import { Hero } from './Hero';
import { Icon, type IconName } from '../../components/Icon';
import { useStoreFacts } from '../../api/store';

/** The steps; the last names the claim window (CLAIM_WINDOW_DAYS) once the store's facts are in, as the refunds page does. */
const steps = (days: number | undefined): { icon: IconName; title: string; text: string }[] => [
  {
    icon: 'pen',
    title: 'Design Your Clothing',
    text: 'Pick a garment and a colour, then add your text, logo or artwork on the left chest or the back, and see it in 2D and 3D.',
  },
  {
    icon: 'printer',
    title: 'We Create Your Vision',
    text: 'We print or embroider your design on premium fabric and check every piece before it leaves us.',
  },
  {
    icon: 'package',
    title: 'Receive Your Custom Apparel',
    text: `Your order reaches you in 15-20 business days.${days === undefined ? '' : ` Misprints and damage reported within ${days} days are reprinted or refunded.`}`,
  },
];

export function HomePage() {
  const days = useStoreFacts().data?.claimWindowDays;
  return (
    <div className="home">
      <Hero />

      <section className="page section" id="how-it-works" aria-labelledby="how-heading">
        <h2 id="how-heading" className="section-title">
          How it works
        </h2>
        <ol className="steps">
          {steps(days).map((s, i) => (
            <li className="step" key={s.title}>
              <span className="step-icon">
                <Icon name={s.icon} size={26} />
              </span>
              <span className="step-number">Step {i + 1}</span>
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
              Featured Products
            </h2>
            <p className="muted">Choose a colour and start designing.</p>
          </div>
          <Link to="/products" className="see-all">
            Shop all →
          </Link>
        </div>
        <FeaturedProducts />
      </section>

      <section className="page section">
        <div className="cta">
          <h2>Ready to Create?</h2>
          <p>
            Start with any garment, add your design and choose sizes from S to XXL. Delivery in 15-20 business days
            {days === undefined ? '' : `, returns within ${days} days`} and a secure checkout.
          </p>
          <Link className="btn cta-btn" to="/products">
            Start Designing
          </Link>
        </div>
      </section>
    </div>
  );
}
