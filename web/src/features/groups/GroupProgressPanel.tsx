// Where a group stands, in the server's figures (the engine's, on the
// server): pieces against the minimum with the pieces still needed, the
// pieces per size, the price per piece, names and numbers, and the total.
// Members paying: the paid pieces are what the close counts, so the bar is
// theirs, with the server's count of the paid pieces still needed.
import type { GroupProgress } from '../../api/groupOrders';
import { FACTS } from '../../lib/engine';
import { rupees } from '../../lib/money';
import { countsBySize } from '../../lib/sizes';
import { useT } from '../../lib/i18n';
import type { Translate } from './statusText';

/** "Names and numbers (3 × ₹80.00)": the server's label and figures, the same in every language. */
const figuresLine = (label: string, pieces: number, perPiece: number) => `${label} (${pieces} × ${rupees(perPiece)})`;

/** Members paying: the paid pieces against the minimum, and how many more must be paid (the server's figures). */
export function paidProgress(t: Translate, { paidPieces, paidNeedMore }: Pick<GroupProgress, 'paidPieces' | 'paidNeedMore'>) {
  return {
    max: paidPieces + paidNeedMore,
    needMore: paidNeedMore,
    text: paidNeedMore === 0 ? t('groups.paidMinimumReached') : t('groups.paidNeedMore', { count: paidNeedMore, minimum: FACTS.minPerColor }),
  };
}

/** `sizes`: the product's, in its order (the group's counts name them in lower case). */
export function GroupProgressPanel({ progress, sizes, membersPay = false }: { progress: GroupProgress; sizes: string[]; membersPay?: boolean }) {
  const t = useT();
  const { pieces, paidPieces, needMore, minimumReached, sizes: counts, unitPrice, personalisation, lineTotal } = progress;
  const toMinimum = minimumReached ? t('groups.minimumReached') : t('groups.needMore', { count: needMore, minimum: FACTS.minPerColor });
  const paid = paidProgress(t, progress);
  return (
    <section className="group-progress" aria-labelledby="group-progress-title">
      <h2 id="group-progress-title">{t('groups.progress')}</h2>
      <p className="group-pieces" data-testid="group-pieces">
        {t.rich('groups.piecesSoFarCount', { count: pieces, b: (chunks) => <strong key="b">{chunks}</strong> })}
      </p>
      {membersPay ? (
        <>
          <p className="group-pieces" data-testid="group-paid-pieces">
            {t.rich('groups.paidCount', { count: paidPieces, b: (chunks) => <strong key="b">{chunks}</strong> })}
          </p>
          <progress max={paid.max} value={paidPieces} aria-label={t('groups.paidBarLabel', { minimum: FACTS.minPerColor })} aria-valuetext={t('groups.paidBarValue', { value: paidPieces, max: paid.max })} />
          <p className={paid.needMore === 0 ? 'notice ok' : 'muted'} data-testid="group-need-more">
            {paid.text}
          </p>
        </>
      ) : (
        <>
          <progress max={pieces + needMore} value={pieces} aria-label={t('groups.barLabel', { minimum: FACTS.minPerColor })} aria-valuetext={t('groups.barValue', { value: pieces, max: pieces + needMore })} />
          <p className={minimumReached ? 'notice ok' : 'muted'} data-testid="group-need-more">
            {toMinimum}
          </p>
        </>
      )}
      <h3>{t('groups.sizes')}</h3>
      <ul className="group-sizes" data-testid="group-sizes">
        {countsBySize(counts, sizes).map((s) => (
          <li key={s.key}>
            <span>{s.label}</span> <strong>{s.count}</strong>
          </li>
        ))}
      </ul>
      {/* Members paying: each pays their own share (their order); the group has no one total to pay. */}
      {!membersPay && (
        <dl className="group-figures">
          <dt>{t('groups.pricePerPiece')}</dt>
          <dd>{rupees(unitPrice)}</dd>
          {personalisation && (
            <>
              <dt>
                {figuresLine(personalisation.label, personalisation.pieces, personalisation.perPiece)}
              </dt>
              <dd>{rupees(personalisation.total)}</dd>
            </>
          )}
          <dt className="total">{t('groups.total')}</dt>
          <dd className="total" data-testid="group-total">
            {rupees(lineTotal)}
          </dd>
        </dl>
      )}
    </section>
  );
}
