// The product's quantity tiers beside the studio's price: each tier's price
// per piece (the engine's figures), the tier the design's pieces reach marked,
// and the engine's hint for the next one ("Add 12 more for ₹x less per piece").
import { useEffect, useState } from 'react';
import { tierPrices, type LineQuote, type ProductPricing, type TierPrice } from '../../lib/engine';
import { percentOff, rupees } from '../../lib/money';
import { nextTierHint } from '../../lib/engineMessages';
import { useT } from '../../lib/i18n';

function useTierPrices(pricing: ProductPricing): TierPrice[] | null {
  const [prices, setPrices] = useState<TierPrice[] | null>(null);
  const key = JSON.stringify(pricing);
  useEffect(() => {
    let live = true;
    tierPrices(JSON.parse(key) as ProductPricing).then(
      (p) => live && setPrices(p),
      () => live && setPrices(null),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return prices;
}

export function TierTable({ pricing, line }: { pricing: ProductPricing; line: LineQuote | null }) {
  const t = useT();
  const prices = useTierPrices(pricing);
  if (!prices || prices.length < 2) return null;
  return (
    <section className="tiers stack" aria-labelledby="tiers-heading" data-testid="price-tiers">
      <h3 id="tiers-heading">{t('studio.quantityPricing')}</h3>
      <table className="breakdown tier-table">
        <caption className="visually-hidden">{t('studio.tiersCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('studio.pieces')}</th>
            <th scope="col">{t('studio.discount')}</th>
            <th scope="col">{t('studio.perPiece')}</th>
          </tr>
        </thead>
        <tbody>
          {prices.map((tier) => {
            const current = line?.tierMinPieces === tier.minPieces;
            return (
              <tr key={tier.minPieces} className={current ? 'current' : undefined} aria-current={current ? 'true' : undefined} data-testid={current ? 'current-tier' : undefined}>
                <td>
                  {t('studio.tierFrom', { pieces: String(tier.minPieces) })}
                  {current && <span className="visually-hidden">{t('studio.yourTier')}</span>}
                </td>
                <td>{tier.discountBps > 0 ? t('studio.percentOff', { percent: percentOff(tier.discountBps) }) : t('studio.basePrice')}</td>
                <td>{rupees(tier.unitPrice)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {line?.nextTier && (
        <p className="next-tier" data-testid="next-tier" aria-live="polite">
          {nextTierHint(t, line.nextTier)}
        </p>
      )}
    </section>
  );
}
