// One saved design: thumbnail, name, details, unit price, quantity (the spec's
// minus/plus rule, sent with the version it was read at), line total and the
// card's actions. Every button of the card waits while one of its calls runs.
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_DESIGN_NAME,
  MOVE_TO_CART_FAILED,
  REMOVE_DESIGN_FAILED,
  UPDATE_QUANTITY_FAILED,
  useDeleteDesign,
  useMoveDesignToCart,
  useUpdateDesign,
  type SavedDesign,
} from '../../api/designs';
import type { BannerState } from '../../components/Banners';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DesignDetails } from '../../components/DesignDetails';
import { RosterSummary } from '../../components/roster/RosterSummary';
import type { Quantities } from '../../components/SizeSteppers';
import { rupees } from '../../lib/money';
import { serverErrorText } from '../../lib/api';
import { DesignThumbnail } from './DesignThumbnail';
import { canLower, lowered, raised } from './quantity';
import { ShareControls } from './ShareControls';

/**
 * What "Start a group order" opens for a design: the groups feature's dialog, which app/routes.tsx hands to the
 * page (a feature imports no other feature). Without one the card offers no group order.
 */
export type GroupStarter = ComponentType<{ design: SavedDesign; onClose: () => void }>;

export const REMOVE_QUESTION = 'Are you sure you want to remove this design from your saved items?';

/** The studio, reopening this design. */
function studioLink(d: Pick<SavedDesign, '_id' | 'productId' | 'color'>): string {
  return `/design?${new URLSearchParams({ productId: d.productId, color: d.color, savedDesign: d._id })}`;
}

export function DesignCard({ design, banners, groupStarter: StartGroup }: { design: SavedDesign; banners: BannerState; groupStarter?: GroupStarter }) {
  const update = useUpdateDesign(UPDATE_QUANTITY_FAILED);
  const remove = useDeleteDesign();
  const move = useMoveDesignToCart();
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [grouping, setGrouping] = useState(false);
  const busy = update.isPending || remove.isPending || move.isPending || sharing;

  const setQuantity = (quantity: Quantities | null) => {
    if (!quantity) return;
    update.mutate(
      { id: design._id, version: design.version, quantity },
      { onError: (e) => banners.error(serverErrorText(e, UPDATE_QUANTITY_FAILED)) },
    );
  };
  const moveToCart = () =>
    move.mutate(design._id, {
      onSuccess: () => banners.success(`“${design.name}” was moved to your cart.`),
      onError: (e) => banners.error(serverErrorText(e, MOVE_TO_CART_FAILED)),
    });
  const confirmRemove = () => {
    setConfirming(false);
    remove.mutate(design._id, {
      onSuccess: () => banners.success(`“${design.name}” was removed from your saved designs.`),
      onError: (e) => banners.error(serverErrorText(e, REMOVE_DESIGN_FAILED)),
    });
  };

  return (
    <li className="design-card" data-testid="design-card" aria-busy={busy}>
      <DesignThumbnail design={design} />
      <div className="design-body">
        <h2>{design.name || DEFAULT_DESIGN_NAME}</h2>
        <p className="muted">{design.productName}</p>
        <DesignDetails design={design} />
        <RosterSummary rows={design.design.roster} />
        <dl className="design-figures">
          <dt>Unit price</dt>
          <dd>{rupees(design.price)}</dd>
          <dt>Items</dt>
          <dd>
            <span className="stepper">
              <button type="button" aria-label="Fewer items" disabled={busy || !canLower(design.quantity)} onClick={() => setQuantity(lowered(design.quantity))}>
                −
              </button>
              <output aria-label="Item count" data-testid="item-count">
                {design.itemCount}
              </output>
              <button type="button" aria-label="More items" disabled={busy} onClick={() => setQuantity(raised(design.quantity))}>
                +
              </button>
            </span>
          </dd>
          {design.designFee > 0 && (
            <>
              <dt>Design fee</dt>
              <dd>{rupees(design.designFee)}</dd>
            </>
          )}
          <dt className="total">Line total</dt>
          <dd className="total" data-testid="line-total">
            {rupees(design.lineTotal)}
          </dd>
        </dl>
        <div className="design-actions">
          <button className="btn small" disabled={busy} onClick={moveToCart}>
            {move.isPending ? 'Moving…' : 'Move to cart'}
          </button>
          <Link className="btn ghost small" to={studioLink(design)}>
            Edit in studio
          </Link>
          <button className="btn ghost small danger-text" disabled={busy} onClick={() => setConfirming(true)}>
            {remove.isPending ? 'Removing…' : 'Remove design'}
          </button>
        </div>
        <ShareControls design={design} disabled={busy} onBusy={setSharing} banners={banners} />
        {StartGroup && (
          <button className="btn ghost small group-start" disabled={busy} onClick={() => setGrouping(true)}>
            Start a group order
          </button>
        )}
      </div>
      {grouping && StartGroup && <StartGroup design={design} onClose={() => setGrouping(false)} />}
      {confirming && (
        <ConfirmDialog
          title="Remove design"
          question={REMOVE_QUESTION}
          confirmLabel="Remove"
          onConfirm={confirmRemove}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
