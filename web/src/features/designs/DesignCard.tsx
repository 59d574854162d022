// One saved design: thumbnail, name, details, unit price, quantity (the spec's
// minus/plus rule, sent with the version it was read at), line total and the
// card's actions. Every button of the card waits while one of its calls runs.
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import {
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
import { useT } from '../../lib/i18n';
import { DesignThumbnail } from './DesignThumbnail';
import { canLower, lowered, raised } from './quantity';
import { ShareControls } from './ShareControls';

/**
 * What "Start a group order" opens for a design: the groups feature's dialog, which app/routes.tsx hands to the
 * page (a feature imports no other feature). Without one the card offers no group order.
 */
export type GroupStarter = ComponentType<{ design: SavedDesign; onClose: () => void }>;

/** The quantity stepper's signs, the same in every language. */
const MINUS = '−';
const PLUS = '+';

/** The studio, reopening this design. */
function studioLink(d: Pick<SavedDesign, '_id' | 'productId' | 'color'>): string {
  return `/design?${new URLSearchParams({ productId: d.productId, color: d.color, savedDesign: d._id })}`;
}

export function DesignCard({ design, banners, groupStarter: StartGroup }: { design: SavedDesign; banners: BannerState; groupStarter?: GroupStarter }) {
  const t = useT();
  const update = useUpdateDesign(t('designs.updateFailed'));
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
      { onError: (e) => banners.error(serverErrorText(e, t('designs.updateFailed'))) },
    );
  };
  const moveToCart = () =>
    move.mutate(design._id, {
      onSuccess: () => banners.success(t('designs.moved', { name: design.name })),
      onError: (e) => banners.error(serverErrorText(e, t('designs.moveFailed'))),
    });
  const confirmRemove = () => {
    setConfirming(false);
    remove.mutate(design._id, {
      onSuccess: () => banners.success(t('designs.removed', { name: design.name })),
      onError: (e) => banners.error(serverErrorText(e, t('designs.removeFailed'))),
    });
  };

  return (
    <li className="design-card" data-testid="design-card" aria-busy={busy}>
      <DesignThumbnail design={design} />
      <div className="design-body">
        <h2>{design.name || t('designs.defaultName')}</h2>
        <p className="muted">{design.productName}</p>
        <DesignDetails design={design} />
        <RosterSummary rows={design.design.roster} />
        <dl className="design-figures">
          <dt>{t('designs.unitPrice')}</dt>
          <dd>{rupees(design.price)}</dd>
          <dt>{t('designs.items')}</dt>
          <dd>
            <span className="stepper">
              <button type="button" aria-label={t('designs.fewer')} disabled={busy || !canLower(design.quantity)} onClick={() => setQuantity(lowered(design.quantity))}>
                {MINUS}
              </button>
              <output aria-label={t('designs.itemCount')} data-testid="item-count">
                {design.itemCount}
              </output>
              <button type="button" aria-label={t('designs.more')} disabled={busy} onClick={() => setQuantity(raised(design.quantity))}>
                {PLUS}
              </button>
            </span>
          </dd>
          {design.designFee > 0 && (
            <>
              <dt>{t('designs.designFee')}</dt>
              <dd>{rupees(design.designFee)}</dd>
            </>
          )}
          <dt className="total">{t('designs.lineTotal')}</dt>
          <dd className="total" data-testid="line-total">
            {rupees(design.lineTotal)}
          </dd>
        </dl>
        <div className="design-actions">
          <button className="btn small" disabled={busy} onClick={moveToCart}>
            {move.isPending ? t('designs.moving') : t('designs.moveToCart')}
          </button>
          <Link className="btn ghost small" to={studioLink(design)}>
            {t('designs.editInStudio')}
          </Link>
          <button className="btn ghost small danger-text" disabled={busy} onClick={() => setConfirming(true)}>
            {remove.isPending ? t('designs.removing') : t('designs.removeDesign')}
          </button>
        </div>
        <ShareControls design={design} disabled={busy} onBusy={setSharing} banners={banners} />
        {StartGroup && (
          <button className="btn ghost small group-start" disabled={busy} onClick={() => setGrouping(true)}>
            {t('designs.startGroup')}
          </button>
        )}
      </div>
      {grouping && StartGroup && <StartGroup design={design} onClose={() => setGrouping(false)} />}
      {confirming && (
        <ConfirmDialog
          title={t('designs.removeDesign')}
          question={t('designs.removeQuestion')}
          confirmLabel={t('designs.remove')}
          cancelLabel={t('designs.cancel')}
          onConfirm={confirmRemove}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
