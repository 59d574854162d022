// A line's names-and-numbers charge as the server priced it:
// "Names and numbers: 27 × ₹100.00 = ₹2,700.00" (cart, order pages).
import type { components } from '../../lib/schema';
import { rupees } from '../../lib/money';
import { useT } from '../../lib/i18n';

export function PersonalisationCharge({ line, testId = 'personalisation-charge' }: { line: components['schemas']['PersonalisationLine'] | null | undefined; testId?: string }) {
  const t = useT();
  if (!line) return null;
  return (
    <p className="personal-line" data-testid={testId}>
      {t('roster.charge', { label: line.label, pieces: line.pieces, perPiece: rupees(line.perPiece), total: rupees(line.total) })}
    </p>
  );
}
