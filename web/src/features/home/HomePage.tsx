// The home page. Loaded eagerly with the app shell, so it stays light: no
// engine, no three.js, and no picture above the fold (the hero is CSS and an
// inline SVG), so the first paint does not wait for downloads.
import { Link } from 'react-router';
import { FeaturedProducts } from './FeaturedProducts';
import { Icon, type IconName } from './icons';

const STEPS: { icon: IconName; title: string; text: string }[] = [
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
    text: 'Your order reaches you in 15-20 business days, and returns are accepted within 30 days.',
  },
];

const PROMISES: { icon: IconName; text: string }[] = [
  { icon: 'truck', text: 'Delivery in 15-20 business days' },
  { icon: 'returns', text: 'Returns within 30 days' },
  { icon: 'lock', text: 'Secure checkout' },
];

export function HomePage() {
  return (
    <div className="home">
      <section className="hero">
        <div className="hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">Custom shirts &amp; t-shirts, made to order</p>
            <h1>Design Your Legacy</h1>
            <p className="lead">
              Put your logo, your words and your artwork on premium apparel. Design it in your browser, see it in 3D, and we make it real for your
              team, event or brand.
            </p>
            <div className="hero-actions">
              <Link className="btn hero-btn" to="/products">
                Start Customizing
              </Link>
              <a className="btn ghost hero-btn" href="#how-it-works">
                How it works
              </a>
            </div>
            <ul className="promise-list">
              {PROMISES.map((p) => (
                <li key={p.icon}>
                  <Icon name={p.icon} size={18} /> {p.text}
                </li>
              ))}
            </ul>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="page section" id="how-it-works" aria-labelledby="how-heading">
        <h2 id="how-heading" className="section-title">
          How it works
        </h2>
        <ol className="steps">
          {STEPS.map((s, i) => (
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
            Start with any garment, add your design and choose sizes from S to XXL. Delivery in 15-20 business days, returns within 30 days and a secure
            checkout.
          </p>
          <Link className="btn cta-btn" to="/products">
            Start Designing
          </Link>
        </div>
      </section>
    </div>
  );
}

/** A decorative shirt drawn in SVG: the hero's picture without a download. */
function HeroArt() {
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
      <span className="hero-tag tag-chest">Your logo here</span>
      <span className="hero-tag tag-3d">See it in 3D</span>
    </div>
  );
}
