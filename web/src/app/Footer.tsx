// The footer: the store's links (every one leads to a page), the seller's legal name and address from the store's
// facts (GET /api/store) and the way to the grievance officer, as the Consumer Protection (E-Commerce) Rules ask of
// a seller's own site. The seller's lines keep their room while the facts load, so nothing below them moves.
import { Link } from 'react-router';
import { NewsletterBox } from './NewsletterBox';
import { useStoreFacts } from '../api/store';

function Seller() {
  const seller = useStoreFacts().data?.seller;
  return (
    <address className="footer-seller" aria-label="Seller">
      <span className="seller-name" data-testid="footer-seller-name">
        {seller?.legalName}
      </span>
      <span className="seller-address">{seller?.address}</span>
      <Link to="/contact#grievance-officer">Grievance officer</Link>
    </address>
  );
}

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-grid">
        <div>
          <h2 className="brand">Legacy Threads</h2>
          <p className="muted">
            Custom-printed shirts and t-shirts for teams, events and brands across India. Design in your browser, see it
            in 3D, delivered in 15-20 business days.
          </p>
          <Seller />
        </div>
        <div>
          <h3>Quick Links</h3>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/products">Products</Link></li>
            <li><Link to="/about">About Us</Link></li>
            <li><Link to="/cart">Cart</Link></li>
          </ul>
        </div>
        <div>
          <h3>Support &amp; Contact</h3>
          <ul>
            <li><Link to="/contact">Contact Us</Link></li>
            <li><Link to="/track">Track Order</Link></li>
            <li><Link to="/refunds">Support &amp; Returns</Link></li>
            <li><Link to="/support/lookup">Track a Complaint</Link></li>
          </ul>
        </div>
        <NewsletterBox />
      </div>
      <div className="footer-legal">
        <span>© {new Date().getFullYear()} Legacy Threads</span>
        <Link to="/privacy">Privacy Policy</Link>
        <Link to="/terms">Terms of Service</Link>
        <Link to="/shipping-policy">Shipping Policy</Link>
        <Link to="/cookies">Cookie Policy</Link>
      </div>
    </footer>
  );
}
