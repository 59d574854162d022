import { Link } from 'react-router';
import { useT } from '../lib/i18n';

export default function NotFoundPage() {
  const t = useT();
  return (
    <section className="page narrow center">
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <Link className="btn" to="/products">
        {t('notFound.products')}
      </Link>
    </section>
  );
}
