// Opening a saved design in the studio (/design?productId&color&savedDesign={id}):
// its pictures come into this browser and its document becomes the product's
// draft before the studio starts. A draft that already is this version of it
// is kept, so a reload does not lose unsaved changes. Without `savedDesign`
// the draft is a new design.
import { useLayoutEffect, useState } from 'react';
import { fetchSavedDesign } from '../../api/designs';
import { storeDesignPictures } from '../../api/designPictures';
import { ApiError, isUnreachable } from '../../lib/api';
import { english } from '../../lib/i18n/catalogues';
import { useT, type T } from '../../lib/i18n';
import { draftOrigin, setDraftOrigin, startDraft } from '../../lib/studioDraft';

/** The English of the refusal of a design saved for another product (the tests' words). */
export const OTHER_PRODUCT = english['studio.otherProduct'];

class OtherProduct extends Error {}

function openError(t: T, e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (isUnreachable(e)) return t('studio.serverUnreachable');
  return t(e instanceof OtherProduct ? 'studio.otherProduct' : 'studio.openFailed');
}

/** `ready` once the draft is in place (the studio may start); `error` when the design could not be opened. */
export function useSavedDesign(productId: string | undefined, savedId: string | null): { ready: boolean; error: string | null } {
  const want = savedId ?? '';
  const [done, setDone] = useState<{ id: string; error: string | null } | null>(null);
  const t = useT();

  // A layout effect, as the studio's opening is (useStudio): called first, it runs first, so a new design's draft has
  // no saved design's origin by the time the studio (and SaveDesign, which reads it once) can open in the same task.
  useLayoutEffect(() => {
    if (!productId) return;
    // The studio saved its draft under this id itself: it already is that design.
    if (done && want && draftOrigin(productId)?.id === want) return;
    // A new design: nothing to fetch (the studio is ready at once, below).
    if (!want) {
      setDraftOrigin(productId, null);
      return;
    }
    let cancelled = false;
    (async () => {
      try {
        const saved = await fetchSavedDesign(want);
        if (saved.productId !== productId) throw new OtherProduct();
        await storeDesignPictures(saved.design);
        const origin = draftOrigin(productId);
        if (origin?.id !== saved._id || origin.version !== saved.version) {
          startDraft(productId, saved.design, { id: saved._id, version: saved.version, name: saved.name, baseline: null });
        }
        if (!cancelled) setDone({ id: want, error: null });
      } catch (e) {
        // The studio opens the draft it has; a draft of this design made offline stays editable.
        if (draftOrigin(productId)?.id !== want) setDraftOrigin(productId, null);
        if (!cancelled) setDone({ id: want, error: openError(t, e) });
      }
    })();
    return () => {
      cancelled = true;
    };
    // `done` is read, not followed: only a new product or design opens anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, want]);

  // Without a saved design the studio starts in the same render (a round of effect and render cost ~40 ms of the
  // first render): the effect above has forgotten the draft's origin before the studio's own effect runs.
  const ready = !want ? !!productId : done !== null && (done.id === want || (!!productId && draftOrigin(productId)?.id === want));
  return { ready, error: done?.id === want ? done.error : null };
}
