import { Link } from 'react-router';
import { NewsletterBox } from './NewsletterBox';

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
          <div className="socials" aria-label="Social media">
            <a aria-label="Instagram">◎</a>
            <a aria-label="Facebook">ƒ</a>
            <a aria-label="X">𝕏</a>
          </div>
        </div>
        <div>
          <h3>Quick Links</h3>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/products">Products</Link></li>
            <li><Link to="/design">About Us</Link></li>
            <li><Link to="/cart">Cart</Link></li>
          </ul>
        </div>
        <div>
          <h3>Support &amp; Contact</h3>
          <ul>
            <li><a aria-disabled="true">Contact Us</a></li>
            <li><Link to="/track">Track Order</Link></li>
            <li><a aria-disabled="true">Support &amp; Returns</a></li>
          </ul>
        </div>
        <NewsletterBox />
      </div>
      <div className="footer-legal">
        <span>© {new Date().getFullYear()} Legacy Threads</span>
        <a aria-disabled="true">Privacy Policy</a>
        <a aria-disabled="true">Terms of Service</a>
        <a aria-disabled="true">Cookie Policy</a>
      </div>
    </footer>
  );
}
