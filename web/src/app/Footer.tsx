// The footer: the store's links (every one leads to a page), the seller's legal name and address from the store's
// facts (GET /api/store) and the way to the grievance officer, as the Consumer Protection (E-Commerce) Rules ask of
// a seller's own site. The seller's lines keep their room while the facts load, so nothing below them moves.
import { Link } from 'react-router';
import { NewsletterBox } from './NewsletterBox';
import { useStoreFacts } from '../api/store';
import { useT } from '../lib/i18n';

// The networks' own names, the same in every language.
const SOCIALS = [
  { name: 'Instagram', sign: '◎' },
  { name: 'Facebook', sign: 'ƒ' },
  { name: 'X', sign: '𝕏' },
];

function Seller() {
  const seller = useStoreFacts().data?.seller;
  const t = useT();
  return (
    <address className="footer-seller" aria-label={t('footer.seller')}>
      <span className="seller-name" data-testid="footer-seller-name">
        {seller?.legalName}
      </span>
      <span className="seller-address">{seller?.address}</span>
      <Link to="/contact#grievance-officer">{t('footer.grievanceOfficer')}</Link>
    </address>
  );
}

export function Footer() {
  const t = useT();
  return (
    <footer className="footer">
      <div className="footer-grid">
        <div>
          <h2 className="brand">{t('brand.name')}</h2>
          <p className="muted">{t('footer.blurb')}</p>
          <Seller />
          <div className="socials" aria-label={t('footer.socials')}>
            {SOCIALS.map(({ name, sign }) => (
              <a key={name} aria-label={name}>
                {sign}
              </a>
            ))}
          </div>
        </div>
        <div>
          <h3>{t('footer.quickLinks')}</h3>
          <ul>
            <li><Link to="/">{t('nav.home')}</Link></li>
            <li><Link to="/products">{t('nav.products')}</Link></li>
            <li><Link to="/about">{t('footer.aboutUs')}</Link></li>
            <li><Link to="/cart">{t('footer.cart')}</Link></li>
          </ul>
        </div>
        <div>
          <h3>{t('footer.supportContact')}</h3>
          <ul>
            <li><Link to="/contact">{t('footer.contactUs')}</Link></li>
            <li><Link to="/track">{t('footer.trackOrder')}</Link></li>
            <li><Link to="/refunds">{t('footer.returns')}</Link></li>
            <li><Link to="/support/lookup">{t('footer.trackComplaint')}</Link></li>
          </ul>
        </div>
        <NewsletterBox />
      </div>
      <div className="footer-legal">
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
        <Link to="/privacy">{t('footer.privacy')}</Link>
        <Link to="/terms">{t('footer.terms')}</Link>
        <Link to="/shipping-policy">{t('footer.shipping')}</Link>
        <Link to="/cookies">{t('footer.cookies')}</Link>
      </div>
    </footer>
  );
}
