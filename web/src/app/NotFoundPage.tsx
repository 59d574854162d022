import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="page narrow center">
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist.</p>
      <Link className="btn" to="/products">
        Go to Products
      </Link>
    </section>
  );
}
