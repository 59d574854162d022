// Production stages on the admin's orders page: an order in processing shows
// its stage and a menu to move it; selected orders move together, and each
// one the server would not move is named with its reason.
import { useState, type ReactNode } from 'react';
import { MOVE_STAGE_FAILED, useBulkMoveStage, useMoveStage, useProductionStages } from '../../../api/stages';
import type { Order } from '../../../api/orders';
import { ApiError } from '../../../lib/api';

const errorText = (e: unknown) => (e instanceof ApiError && e.message ? e.message : MOVE_STAGE_FAILED);

interface Notify {
  success: (message: string) => void;
  error: (message: string) => void;
}

/** The stage of one order in processing, and the control that moves it. */
export function OrderStage({ order, notify }: { order: Order; notify: Notify }) {
  const stages = useProductionStages();
  const move = useMoveStage();
  if (order.status !== 'processing') return null;
  return (
    <div className="order-stage">
      <select
        aria-label={`Production stage of order ${order.orderNumber}`}
        value={order.productionStage ?? ''}
        disabled={move.isPending || !stages.data}
        onChange={(e) =>
          e.target.value &&
          move.mutate(
            { id: order._id, stage: e.target.value },
            { onSuccess: (_, v) => notify.success(`Order ${order.orderNumber} moved to ${v.stage}`), onError: (err) => notify.error(errorText(err)) },
          )
        }
      >
        <option value="" disabled>
          No stage yet
        </option>
        {(stages.data ?? []).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Move to stage" for the selected orders, beside the bar's other actions (`children`); `onDone` clears the selection. */
export function BulkStageBar({ selected, notify, onDone, children }: { selected: Order[]; notify: Notify; onDone: () => void; children?: ReactNode }) {
  const stages = useProductionStages();
  const bulk = useBulkMoveStage();
  const [stage, setStage] = useState('');
  if (selected.length === 0) return null;
  const submit = () =>
    bulk.mutate(
      { orderIds: selected.map((o) => o._id), stage },
      {
        onSuccess: (answer) => {
          notify.success(`${answer.moved} of ${answer.results.length} orders moved to ${stage}`);
          // One banner naming every order that did not move, with its reason.
          const refused = answer.results.flatMap((r) => (!r.moved && r.reason ? [r.reason] : []));
          if (refused.length > 0) notify.error(refused.join(' '));
          onDone();
        },
        onError: (err) => notify.error(errorText(err)),
      },
    );
  return (
    <div className="bulk-stage-bar" role="group" aria-label="Selected orders">
      <span>{selected.length} selected</span>
      <select aria-label="Stage for the selected orders" value={stage} onChange={(e) => setStage(e.target.value)}>
        <option value="">Choose a stage</option>
        {(stages.data ?? []).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <button className="btn small" onClick={submit} disabled={!stage || bulk.isPending}>
        {bulk.isPending ? 'Moving…' : 'Move to stage'}
      </button>
      {children}
    </div>
  );
}
