// Where a group stands, in the server's figures (the engine's, on the
// server): pieces against the minimum with the pieces still needed, the
// pieces per size, the price per piece, names and numbers, and the total.
import type { GroupProgress } from '../../api/groupOrders';
import { FACTS } from '../../lib/engine';
import { rupees } from '../../lib/money';

export function GroupProgressPanel({ progress }: { progress: GroupProgress }) {
  const { pieces, needMore, minimumReached, sizes, unitPrice, personalisation, lineTotal } = progress;
  const toMinimum = minimumReached ? 'The minimum is reached.' : `${needMore} more ${needMore === 1 ? 'piece' : 'pieces'} needed to reach the minimum of ${FACTS.minPerColor}.`;
  return (
    <section className="group-progress" aria-labelledby="group-progress-title">
      <h2 id="group-progress-title">Progress</h2>
      <p className="group-pieces" data-testid="group-pieces">
        <strong>{pieces}</strong> {pieces === 1 ? 'piece' : 'pieces'} so far
      </p>
      <progress max={pieces + needMore} value={pieces} aria-label={`Pieces towards the minimum of ${FACTS.minPerColor}`} aria-valuetext={`${pieces} of ${pieces + needMore}`} />
      <p className={minimumReached ? 'notice ok' : 'muted'} data-testid="group-need-more">
        {toMinimum}
      </p>
      <h3>Sizes</h3>
      <ul className="group-sizes" data-testid="group-sizes">
        {FACTS.sizes.map((s) => (
          <li key={s}>
            <span>{s}</span> <strong>{sizes[s.toLowerCase() as keyof typeof sizes]}</strong>
          </li>
        ))}
      </ul>
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
    </section>
  );
}
