// The studio's engine object and its draft. The engine (WebAssembly) owns the
// design; React re-renders when `version` changes. Every change is saved to the
// browser (the design JSON in localStorage, pictures in IndexedDB, the text
// being typed by pendingText), so a reload or a lost connection loses nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createStudio, engineMessage, loadTextEngine, type Design, type Studio } from '../../lib/engine';
import { provideStoredImages } from '../../lib/imageStore';
import { draftKey } from '../../lib/studioDraft';
import { forgetPendingText } from './pendingText';

/** The design document, as the engine gives it. */
export type DesignDoc = Design;

export interface StudioHandle {
  studio: Studio;
  design: DesignDoc;
  version: number;
  /** Runs a change on the engine, then re-renders and saves the draft. Returns the engine's error message, if any. */
  change: (fn: (s: Studio) => void) => string | null;
  /** Forgets the saved draft (after the design went into the cart). */
  discardDraft: () => void;
  /** Whether texts can be drawn: the text module and fonts load after the studio opens. */
  textReady: boolean;
}

export function useStudio(productId: string | undefined, color: string | undefined, withLogo: boolean) {
  const [handle, setHandle] = useState<StudioHandle | null>(null);
  const [error, setError] = useState<string | null>(null);
  const studioRef = useRef<Studio | null>(null);
  const [version, setVersion] = useState(0);
  const [textReady, setTextReady] = useState(false);
  const [textError, setTextError] = useState<string | null>(null);

  // The text module arrives after the studio opens (createStudio starts it, and
  // waits for it only when the design holds text).
  const opened = handle !== null;
  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    loadTextEngine().then(
      () => !cancelled && setTextReady(true),
      () => !cancelled && setTextError('The fonts could not be loaded. Please check your connection and reload the page.'),
    );
    return () => {
      cancelled = true;
    };
  }, [opened]);

  useEffect(() => {
    if (!productId || !color) return;
    let cancelled = false;
    (async () => {
      try {
        const saved = localStorage.getItem(draftKey(productId));
        const studio = await createStudio(productId, color, saved);
        if (cancelled) return studio.free();
        // A colour from the query overrides the draft's colour.
        studio.setColor(color);
        if (!withLogo) {
          studio.clear('text');
          studio.clear('image');
        }
        // Give the engine the pictures the draft uses; drop any this browser no longer has.
        for (const area of await provideStoredImages(studio)) studio.remove(area, 'image');
        studioRef.current?.free();
        studioRef.current = studio;
        setVersion((v) => v + 1);
        setHandle({ studio, design: studio.design(), version: 0, change: () => null, discardDraft: () => {}, textReady: false });
      } catch (e) {
        if (!cancelled) setError(engineMessage(e));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [productId, color, withLogo]);

  useEffect(() => () => {
    studioRef.current?.free();
    studioRef.current = null;
  }, []);

  const change = useCallback(
    (fn: (s: Studio) => void): string | null => {
      const studio = studioRef.current;
      if (!studio) return null;
      try {
        fn(studio);
        return null;
      } catch (e) {
        return engineMessage(e);
      } finally {
        if (productId) localStorage.setItem(draftKey(productId), studio.toJson());
        setVersion((v) => v + 1);
      }
    },
    [productId],
  );

  const discardDraft = useCallback(() => {
    if (!productId) return;
    localStorage.removeItem(draftKey(productId));
    forgetPendingText(productId);
  }, [productId]);

  const studio = studioRef.current;
  const ready: StudioHandle | null =
    handle && studio ? { studio, design: studio.design(), version, change, discardDraft, textReady } : null;
  return { handle: ready, error, textError };
}
