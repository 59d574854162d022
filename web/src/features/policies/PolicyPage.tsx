// A store policy page (/about, /terms, /privacy, /refunds, /shipping-policy, /cookies): the server's text for its
// slug. /contact adds the seller's contact and the complaint form (ContactPage).
import type { PageSlug } from '../../api/pages';
import { PolicyText } from './PolicyText';
import './policies.css';

export default function PolicyPage({ slug }: { slug: PageSlug }) {
  return (
    <section className="page policy-page">
      <PolicyText slug={slug} />
    </section>
  );
}
