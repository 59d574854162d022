// Where a group stands, in the server's figures (the engine's, on the
// server): pieces against the minimum with the pieces still needed, the
// pieces per size, the price per piece, names and numbers, and the total.
// Members paying: the paid pieces are what the close counts, so the bar is
// theirs, with the server's count of the paid pieces still needed.
import type { GroupProgress } from '../../api/groupOrders';
import { FACTS } from '../../lib/engine';
import { rupees } from '../../lib/money';
import { countsBySize } from '../../lib/sizes';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Members paying: the paid pieces against the minimum, and how many more must be paid (the server's figures). */
export function paidProgress({ paidPieces, paidNeedMore }: Pick<GroupProgress, 'paidPieces' | 'paidNeedMore'>) {
  return {
    max: paidPieces + paidNeedMore,
    needMore: paidNeedMore,
    text:
      paidNeedMore === 0
        ? 'The minimum of paid pieces is reached.'
        : `${plural(paidNeedMore, 'more paid piece', 'more paid pieces')} needed to reach the minimum of ${FACTS.minPerColor}.`,
  };
}

/** `sizes`: the product's, in its order (the group's counts name them in lower case). */
export function GroupProgressPanel({ progress, sizes, membersPay = false }: { progress: GroupProgress; sizes: string[]; membersPay?: boolean }) {
  const { pieces, paidPieces, needMore, minimumReached, sizes: counts, unitPrice, personalisation, lineTotal } = progress;
  const toMinimum = minimumReached ? 'The minimum is reached.' : `${needMore} more ${needMore === 1 ? 'piece' : 'pieces'} needed to reach the minimum of ${FACTS.minPerColor}.`;
  const paid = paidProgress(progress);
  return (
    <section className="group-progress" aria-labelledby="group-progress-title">
      <h2 id="group-progress-title">Progress</h2>
      <p className="group-pieces" data-testid="group-pieces">
        <strong>{pieces}</strong> {pieces === 1 ? 'piece' : 'pieces'} so far
      </p>
      {membersPay ? (
        <>
          <p className="group-pieces" data-testid="group-paid-pieces">
            <strong>{paidPieces}</strong> paid
          </p>
          <progress max={paid.max} value={paidPieces} aria-label={`Paid pieces towards the minimum of ${FACTS.minPerColor}`} aria-valuetext={`${paidPieces} of ${paid.max} paid`} />
          <p className={paid.needMore === 0 ? 'notice ok' : 'muted'} data-testid="group-need-more">
            {paid.text}
          </p>
        </>
      ) : (
        <>
          <progress max={pieces + needMore} value={pieces} aria-label={`Pieces towards the minimum of ${FACTS.minPerColor}`} aria-valuetext={`${pieces} of ${pieces + needMore}`} />
          <p className={minimumReached ? 'notice ok' : 'muted'} data-testid="group-need-more">
            {toMinimum}
          </p>
        </>
      )}
      <h3>Sizes</h3>
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
          <dt>Price per piece</dt>
          <dd>{rupees(unitPrice)}</dd>
          {personalisation && (
            <>
              <dt>
                {personalisation.label} ({personalisation.pieces} × {rupees(personalisation.perPiece)})
              </dt>
              <dd>{rupees(personalisation.total)}</dd>
            </>
          )}
          <dt className="total">Total</dt>
          <dd className="total" data-testid="group-total">
            {rupees(lineTotal)}
          </dd>
        </dl>
      )}
    </section>
  );
}
