// "Edit names" on a personalised cart line: the studio's roster editor over
// an engine opened on the line's design and its product's garment, so every
// row is checked as in the studio (in the product's sizes) and the quantities
// follow the list. Saving sends both
// (`PUT /cart/items/{id}` with `{quantity, roster}`); the server checks them
// again and its message shows when it refuses them.
import { useEffect, useState } from 'react';
import { useUpdateCartItem, type CartItem } from '../../api/cart';
import { useProduct } from '../../api/products';
import { Dialog } from '../../components/Dialog';
import { RosterEditor } from '../../components/roster/RosterEditor';
import { applyRoster, type RosterModel } from '../../components/roster/rosterModel';
import { useRosterReader } from '../../components/roster/useRosterReader';
import { Spinner } from '../../components/Spinner';
import { engineMessage, studioFromDesign, type Design, type Garment, type Studio } from '../../lib/engine';
import { garmentOf } from '../../lib/garment';
import { errorText } from './errorText';
import { useT } from '../../lib/i18n';

/** An engine studio on a design and its product's garment (once it has arrived), for as long as the dialog is open. */
function useLineStudio(design: Design, garment: Garment | undefined): { studio: Studio | null; error: string | null } {
  const [studio, setStudio] = useState<Studio | null>(null);
  const [error, setError] = useState<string | null>(null);
  const json = JSON.stringify(design);
  const garmentJson = garment ? JSON.stringify(garment) : null;
  useEffect(() => {
    if (!garmentJson) return;
    let opened: Studio | null = null;
    let live = true;
    studioFromDesign(JSON.parse(json) as Design, JSON.parse(garmentJson) as Garment).then(
      (s) => {
        if (live) setStudio((opened = s));
        else s.free();
      },
      (e) => live && setError(engineMessage(e)),
    );
    return () => {
      live = false;
      opened?.free();
    };
  }, [json, garmentJson]);
  return { studio, error };
}

export function EditNamesDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const product = useProduct(item.productId);
  const garment = product.data ? garmentOf(product.data) : undefined;
  const { studio, error } = useLineStudio(item.design as Design, garment);
  const reader = useRosterReader(garment?.sizes);
  const update = useUpdateCartItem();
  const [, setVersion] = useState(0);
  const t = useT();

  const model: RosterModel | null = studio && {
    rows: studio.roster(),
    problems: studio.rosterProblems(),
    setRows: (rows) => {
      try {
        applyRoster(studio, rows, garment!.sizes);
        update.reset();
        return null;
      } catch (e) {
        return engineMessage(e);
      } finally {
        setVersion((v) => v + 1);
      }
    },
  };

  const save = () => {
    if (!studio) return;
    update.mutate({ id: item._id, quantity: studio.design().quantities, roster: studio.roster() }, { onSuccess: onClose });
  };

  return (
    <Dialog title={t('cart.editNames.title', { name: item.name, color: item.color })} onClose={onClose} wide>
      {(error || product.isError) && (
        <p className="notice error" role="alert">
          {error ?? errorText(product.error, t('cart.productFailed'))}
        </p>
      )}
      {!model && !error && !product.isError && <Spinner label={t('cart.editNames.opening')} />}
      {model && garment && (
        <>
          <RosterEditor model={model} reader={reader} sizes={garment.sizes} sizePrices={garment.sizePrices} sizeChart={product.data?.sizeChart} label={t('cart.editNames.list')} />
          <div className="row">
            <button className="btn" onClick={save} disabled={update.isPending} data-testid="save-names">
              {update.isPending ? t('cart.saving') : t('cart.editNames.save', { count: model.rows.length })}
            </button>
            <button className="btn ghost" onClick={onClose} disabled={update.isPending}>
              {t('cart.cancel')}
            </button>
          </div>
          <div role="alert">
            {update.isError && (
              <p className="notice error" data-testid="save-names-error">
                {errorText(update.error, t('cart.updateFailed'))}
              </p>
            )}
          </div>
        </>
      )}
    </Dialog>
  );
}
