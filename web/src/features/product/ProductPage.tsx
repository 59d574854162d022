// Product detail (/product/:productId): 3D preview, colour, quantities per
// size, then on to the studio with everything chosen here.
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TemplatePicker } from './TemplatePicker';
import { colorImage, modelUrl, useProduct, type Product } from '../../api/products';
import { colorSwatch } from '../../components/colors';
import { SizeSteppers } from '../../components/SizeSteppers';
import { noQuantities, sizesOf, totalOf, type Quantities } from '../../lib/sizes';
import { areasOf } from '../../lib/printAreas';
import { SizeChart } from '../../components/SizeChart';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useBackendAvailable } from '../../lib/health';
import { rupees } from '../../lib/money';
import { Icon, type IconName } from '../../components/Icon';
import { useStoreFacts } from '../../api/store';
import { productErrorMessage } from './productError';
import { useLanguage, useT, type T } from '../../lib/i18n';

// Signs the same in every language.
const BACK = '← ';
const ELLIPSIS = '…';
import { RadioGroup } from '../../components/RadioGroup';

// three.js and the viewer download only when a product page shows a model.
const GarmentViewer = lazy(() => import('../../components/three/GarmentViewer'));

export const DESCRIPTION_PREVIEW_CHARS = 80;

/** What the studio receives in the navigation state from this page. */
export interface ProductToStudioState {
  quantities: Quantities;
  product: Product;
  /** The colour's model path as stored on the product (served by /api/models/by-path). */
  modelPath: string | undefined;
  name: string;
  colorHex: string;
}

/** "the left chest and the back": the product's areas in words, listed in the shopper's language. */
function areasInWords(product: Product, t: T, locale: string): string {
  const names = areasOf(product).map((a) => t('product.info.area', { area: a.label.toLowerCase() }));
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

/** "Sizes S to XXL", or the one size a product comes in. */
function sizesInWords(sizes: string[], t: T): string {
  return sizes.length > 1 ? t('product.info.sizeRange', { first: sizes[0], last: sizes[sizes.length - 1] }) : t('product.info.oneSize', { size: sizes[0] });
}

/** `days`: the store's claim window (CLAIM_WINDOW_DAYS, GET /api/store) as the refunds page names it, once known. */
const info = (product: Product, sizes: string[], days: number | undefined, t: T, locale: string): { icon: IconName; title: string; text: string }[] => [
  { icon: 'star', title: t('product.info.qualityTitle'), text: t('product.info.quality') },
  { icon: 'pen', title: t('product.info.customTitle'), text: t('product.info.custom', { areas: areasInWords(product, t, locale) }) },
  { icon: 'shirt', title: t('product.info.fitTitle'), text: t('product.info.fit', { sizes: sizesInWords(sizes, t) }) },
  { icon: 'truck', title: t('product.info.deliveryTitle'), text: t('product.info.delivery') },
  {
    icon: 'returns',
    title: t('product.info.returnsTitle'),
    text: days === undefined ? t('product.info.returns') : t('product.info.returnsWithin', { days }),
  },
  { icon: 'lock', title: t('product.info.secureTitle'), text: t('product.info.secure') },
];

function BackLink() {
  const t = useT();
  return (
    <Link to="/products" className="back-link">
      {BACK}
      {t('product.back')}
    </Link>
  );
}

export default function ProductPage() {
  const { productId } = useParams();
  const query = useProduct(productId);
  const t = useT();

  if (!productId) return <Problem message={t('product.error.noId')} />;
  if (query.isPending) {
    return (
      <section className="page">
        <BackLink />
        <Spinner label={t('product.loading')} />
      </section>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <Problem message={productErrorMessage(query.error, t)} onRetry={notFound ? undefined : () => void query.refetch()} retrying={query.isFetching} />;
  }
  if (!query.data) return <Problem message={t('product.error.notFound')} />;
  // A new product starts with fresh choices.
  return <ProductDetail key={query.data._id} product={query.data} />;
}

function Problem({ message, onRetry, retrying }: { message: string; onRetry?: () => void; retrying?: boolean }) {
  const t = useT();
  return (
    <section className="page">
      <BackLink />
      <div className="empty-state" role="alert">
        <h2>{message}</h2>
        <div className="row center-row">
          {onRetry && (
            <button className="btn" onClick={onRetry} disabled={retrying}>
              {t('product.tryAgain')}
            </button>
          )}
          <Link className="btn ghost" to="/products">
            {t('product.goToProducts')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const navigate = useNavigate();
  const [color, setColor] = useState(product.defaultColor || product.colors[0] || '');
  const sizes = sizesOf(product);
  const [quantities, setQuantities] = useState<Quantities>(() => noQuantities(sizes));
  const total = totalOf(quantities);
  const colorHex = colorSwatch(color, product.colorHex);
  const claimDays = useStoreFacts().data?.claimWindowDays;
  const t = useT();
  const { locale } = useLanguage();

  const customize = (studioColor: string = color) => {
    const state: ProductToStudioState = {
      quantities,
      product,
      modelPath: product.models[studioColor] ?? Object.values(product.models)[0],
      name: product.name,
      colorHex: colorSwatch(studioColor, product.colorHex),
    };
    navigate(`/design?${new URLSearchParams({ productId: product._id, color: studioColor, withLogo: 'true' })}`, { state });
  };

  return (
    <section className="page product-page">
      <BackLink />
      <div className="product-layout">
        <Preview product={product} color={color} colorHex={colorHex} />

        <div className="product-info">
          <p className="eyebrow">{[product.category, product.brand].filter(Boolean).join(' · ')}</p>
          <h1>{product.name}</h1>
          <p className="product-price">{rupees(product.price)}</p>
          <Description text={product.description} />
          <p className="muted product-origin">{t('product.origin', { country: product.countryOfOrigin })}</p>

          <div className="option-block">
            <h2 className="option-title">
              {t.rich('product.colour', {
                color,
                name: (chunks) => (
                  <span key="color" className="capitalize">
                    {chunks}
                  </span>
                ),
              })}
            </h2>
            <RadioGroup
              label={t('product.colours')}
              className="chips swatches"
              optionClass="chip"
              options={product.colors.map((c) => ({ value: c, label: c, swatch: colorSwatch(c, product.colorHex) }))}
              value={color}
              onChange={setColor}
            />
          </div>

          <div className="option-block">
            <h2 className="option-title">{t('product.quantityPerSize')}</h2>
            <SizeSteppers sizes={sizes} sizePrices={product.sizePrices} value={quantities} onChange={(size, n) => setQuantities((q) => ({ ...q, [size]: Math.max(0, n) }))} />
            <p className="muted small-print">
              {t.rich('product.total', {
                count: total,
                b: (chunks) => (
                  <strong key="total" data-testid="total-quantity">
                    {chunks}
                  </strong>
                ),
              })}
            </p>
            {product.sizeChart && <SizeChart chart={product.sizeChart} sizes={sizes} />}
          </div>

          <TemplatePicker productId={product._id} colors={product.colors} onOpen={(c) => customize(c ?? color)} />

          <button className="btn block big" disabled={total === 0} onClick={() => customize()}>
            {total === 0 ? t('product.selectQuantity') : t('product.customize')}
          </button>
        </div>
      </div>

      <ul className="info-blocks">
        {info(product, sizes, claimDays, t, locale).map((b) => (
          <li className="info-block" key={b.title}>
            <span className="info-icon">
              <Icon name={b.icon} size={22} />
            </span>
            <div>
              <h3>{b.title}</h3>
              <p className="muted">{b.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  if (!text) return null;
  const long = text.length > DESCRIPTION_PREVIEW_CHARS;
  return (
    <p className="product-description">
      {open || !long ? text : text.slice(0, DESCRIPTION_PREVIEW_CHARS).trimEnd() + ELLIPSIS}
      {long && (
        <>
          {' '}
          <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? t('product.showLess') : t('product.readMore')}
          </button>
        </>
      )}
    </p>
  );
}

/**
 * The 3D model in the chosen colour. The colour's front picture stands in
 * while three.js and the model download (CSS keeps it over the viewer while
 * the viewer shows a message) and whenever there is no model to show. Models
 * are served by the API, so in mock mode only the picture or placeholder shows.
 */
function Preview({ product, color, colorHex }: { product: Product; color: string; colorHex: string }) {
  const backend = useBackendAvailable();
  const url = backend === false ? undefined : modelUrl(product, color);
  const photo = colorImage(product, color);
  const t = useT();
  const picture = photo ? (
    <img className="preview-photo" src={photo} alt={t('product.photoAlt', { name: product.name, color })} fetchPriority="high" />
  ) : (
    <div className="preview-photo placeholder">{url ? t('product.loadingModel') : t('product.noImage')}</div>
  );

  return (
    <div className={`product-preview ${url ? 'has-model' : ''}`} data-testid="product-preview">
      {url ? (
        <Suspense fallback={picture}>
          <GarmentViewer modelUrl={url} colorHex={colorHex} className="product-viewer" />
          {photo && picture}
        </Suspense>
      ) : (
        picture
      )}
      {url && <p className="preview-hint">{t('product.previewHint')}</p>}
    </div>
  );
}
