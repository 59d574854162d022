import { useState } from 'react';
import { useNavigate } from 'react-router';
import { colorImage, type Product } from '../api/products';
import { useAuth } from '../lib/auth';
import { rupees } from '../lib/money';
import { DesignTypeDialog } from './DesignTypeDialog';
import { colorSwatch } from './colors';
import { RadioGroup } from './RadioGroup';
import { useT } from '../lib/i18n';

/**
 * A product with colour chips (switching its front picture) and 'Start Customizing'.
 * `heading`: its name's level, one below the heading the card sits under.
 */
export function ProductCard({ product, heading: Heading = 'h3' }: { product: Product; heading?: 'h2' | 'h3' }) {
  const [color, setColor] = useState(product.defaultColor || product.colors[0]);
  const [choosing, setChoosing] = useState(false);
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const t = useT();
  const image = colorImage(product, color);

  const start = () => {
    if (!isAuthenticated) {
      navigate('/login', { state: { from: { pathname: '/products' } } });
      return;
    }
    setChoosing(true);
  };

  return (
    <article className="card" data-testid="product-card">
      <a href={`/product/${product._id}`} onClick={(e) => (e.preventDefault(), navigate(`/product/${product._id}`))}>
        {image ? <img className="product-shot" src={image} alt={t('productCard.photoAlt', { name: product.name, color })} loading="lazy" /> : <div className="product-shot placeholder">{t('productCard.noImage')}</div>}
      </a>
      <div className="card-body">
        <Heading>{product.name}</Heading>
        <p className="price">{rupees(product.price)}</p>
        <RadioGroup
          label={t('productCard.colours', { name: product.name })}
          className="chips"
          optionClass="chip"
          options={product.colors.map((c) => ({ value: c, label: c, swatch: colorSwatch(c, product.colorHex) }))}
          value={color}
          onChange={setColor}
        />
        <button className="btn" onClick={start}>
          {t('productCard.start')}
        </button>
      </div>
      {choosing && (
        <DesignTypeDialog
          onCancel={() => setChoosing(false)}
          onChoose={(withLogo) => navigate(`/design?${new URLSearchParams({ productId: product._id, color, withLogo: String(withLogo) })}`)}
        />
      )}
    </article>
  );
}
