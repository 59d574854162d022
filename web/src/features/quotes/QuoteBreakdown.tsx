// A quote's line as the engine priced it: the pieces per size, the list and
// quoted unit prices and what makes up the total. Shared by the customer's
// quote page and the admin's form (its preview).
import { rupees } from '../../lib/money';
import type { QuoteLine } from '../../api/quotes';
import { useT } from '../../lib/i18n';

/** "M 10 · L 15": the sizes with pieces, in the order given. */
export function sizesText(quantities: Record<string, number>): string {
  return Object.entries(quantities)
    .filter(([, n]) => n > 0)
    .map(([size, n]) => `${size.toUpperCase()} ${n}`)
    .join(' · ');
}

export function QuoteBreakdown({ line, testId = 'quote-breakdown' }: { line: QuoteLine; testId?: string }) {
  const t = useT();
  const held = line.unitPrice < line.listUnitPrice;
  return (
    <dl className="quote-breakdown" data-testid={testId}>
      <dt>{t('quotes.pieces')}</dt>
      <dd>{line.quantity}</dd>
      <dt>{t('quotes.listPrice')}</dt>
      <dd data-testid="quote-list-price">{rupees(line.listUnitPrice)}</dd>
      <dt>{t('quotes.quotedPrice')}</dt>
      <dd data-testid="quote-unit-price">
        <strong>{rupees(line.unitPrice)}</strong>
        {held && t('quotes.youSave', { amount: rupees(line.listUnitPrice - line.unitPrice) })}
      </dd>
      <dt>{t('quotes.garments')}</dt>
      <dd>{rupees(line.garments)}</dd>
      {line.designFee > 0 && (
        <>
          <dt>{t('quotes.designFee', { count: line.elements })}</dt>
          <dd>{rupees(line.designFee)}</dd>
        </>
      )}
      {line.sizeSurcharges > 0 && (
        <>
          <dt>{t('quotes.largerSizes')}</dt>
          <dd>{rupees(line.sizeSurcharges)}</dd>
        </>
      )}
      {line.personalisation && (
        <>
          <dt>{line.personalisation.label}</dt>
          <dd>{rupees(line.personalisation.total)}</dd>
        </>
      )}
      <dt>{t('quotes.totalBeforeTax')}</dt>
      <dd data-testid="quote-total">
        <strong>{rupees(line.total)}</strong>
      </dd>
    </dl>
  );
}
