// The studio's engine object, its draft and its undo history. The engine
// (WebAssembly) owns the design; React re-renders when `version` changes.
// Every change is saved to the browser (the design JSON in localStorage,
// pictures in IndexedDB, the text being typed by pendingText), so a reload or
// a lost connection loses nothing; the history of whole documents is saved
// beside the draft, so undo survives a reload too.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createStudio, fontUsesOf, loadFontsFor, loadTextEngine, type Design, type FontUse, type Garment, type Studio } from '../../lib/engine';
import { provideStoredImages } from '../../lib/imageStore';
import { draftKey, historyKey } from '../../lib/studioDraft';
import { engineError } from '../../lib/engineMessages';
import { useT } from '../../lib/i18n';
import { canRedo, canUndo, loadHistory, record, redo, saveHistory, undo, type History } from './history';
import { forgetPendingText } from './pendingText';

/** The design document, as the engine gives it. */
export type DesignDoc = Design;

export interface StudioHandle {
  studio: Studio;
  design: DesignDoc;
  /** The product's print areas, sizes (with surcharges) and colours, which the engine designs against. */
  garment: Garment;
  version: number;
  /**
   * Runs a change on the engine, then re-renders, records an undo step and saves the draft. Returns the engine's
   * error message, if any. Changes of one `gesture` (a slider being pulled) make one undo step.
   */
  change: (fn: (s: Studio) => void, gesture?: string) => string | null;
  /** Forgets the saved draft (after the design went into the cart). */
  discardDraft: () => void;
  /** Whether texts can be drawn: the text module and fonts load after the studio opens. */
  textReady: boolean;
  /**
   * Loads the font files these texts need (a script's font loads only when a design uses it); call before a
   * change that sets them. The error message when they could not be loaded.
   */
  loadFonts: (uses: FontUse[]) => Promise<string | null>;
}

/** Undo and redo of the studio's changes. */
export interface HistoryControls {
  /** Steps back or forward through the history (the engine reopens that document). */
  undo: () => Promise<void>;
  redo: () => Promise<void>;
  canUndo: boolean;
  canRedo: boolean;
}

/** The studio for a product (its id and garment) in a colour. */
export function useStudio(product: { id: string; garment: Garment } | undefined, color: string | undefined, withLogo: boolean) {
  const productId = product?.id;
  // The garment by value: a refetched product with the same garment keeps the open studio.
  const garmentJson = product ? JSON.stringify(product.garment) : '';
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const studioRef = useRef<Studio | null>(null);
  const historyRef = useRef<History | null>(null);
  const stepping = useRef(false);
  const [version, setVersion] = useState(0);
  const [textReady, setTextReady] = useState(false);
  const [textError, setTextError] = useState<string | null>(null);
  const t = useT();
  // The translator the callbacks below read, so a language switch does not reopen the studio.
  const tRef = useRef(t);
  tRef.current = t;

  // The text module is fetched once the studio has opened and drawn (createStudio
  // waits for it first only when the design holds text).
  // It starts in a task of its own: the studio's first frame does not wait for its five requests to be made.
  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    const start = setTimeout(() =>
      loadTextEngine().then(
        () => !cancelled && setTextReady(true),
        () => !cancelled && setTextError(tRef.current('studio.fontsFailedReload')),
      ),
    );
    return () => {
      cancelled = true;
      clearTimeout(start);
    };
  }, [opened]);

  /** Saves the engine's document as the draft and the history beside it. */
  const save = useCallback(
    (studio: Studio, history: History) => {
      if (!productId) return;
      localStorage.setItem(draftKey(productId), studio.toJson());
      try {
        localStorage.setItem(historyKey(productId), saveHistory(history));
      } catch {
        // Storage full: the draft itself is saved; the history stays in memory until the next change.
      }
    },
    [productId],
  );

  // What the open studio was opened for: a new colour in the query that the document already has (chosen in
  // the studio, or undone) needs no new studio, and reopening one would race an undo that follows at once.
  const openedFor = useRef<{ productId: string; withLogo: boolean; garmentJson: string } | null>(null);
  // Before the frame is shown, and shown at once: with the engine already loaded (the studio's route starts it
  // early) and nothing to wait for, every await below settles in this task's microtasks, and the studio replaces
  // the spinner before the browser paints it (a frame and a render sooner); otherwise the spinner shows meanwhile.
  useLayoutEffect(() => {
    if (!productId || !color) return;
    const open = studioRef.current;
    const was = openedFor.current;
    if (open && was?.productId === productId && was.withLogo === withLogo && was.garmentJson === garmentJson && open.design().color.toLowerCase() === color.toLowerCase()) return;
    let cancelled = false;
    (async () => {
      try {
        const studio = await createStudio(productId, color, localStorage.getItem(draftKey(productId)), JSON.parse(garmentJson) as Garment);
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
        openedFor.current = { productId, withLogo, garmentJson };
        historyRef.current = loadHistory(localStorage.getItem(historyKey(productId)), studio.toJson());
        flushSync(() => {
          setVersion((v) => v + 1);
          setOpened(true);
        });
      } catch (e) {
        if (!cancelled) setError(engineError(tRef.current, e));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [productId, color, withLogo, garmentJson]);

  useEffect(() => () => {
    studioRef.current?.free();
    studioRef.current = null;
  }, []);

  const loadFonts = useCallback(async (uses: FontUse[]): Promise<string | null> => {
    const studio = studioRef.current;
    if (!studio) return null;
    try {
      if (await loadFontsFor(studio, uses)) setVersion((v) => v + 1);
      return null;
    } catch {
      return tRef.current('studio.fontsFailed');
    }
  }, []);

  const change = useCallback(
    (fn: (s: Studio) => void, gesture?: string): string | null => {
      const studio = studioRef.current;
      const history = historyRef.current;
      if (!studio || !history) return null;
      try {
        fn(studio);
        return null;
      } catch (e) {
        return engineError(tRef.current, e);
      } finally {
        // A refused change leaves the document as it was: no step.
        historyRef.current = record(history, studio.toJson(), gesture);
        save(studio, historyRef.current);
        setVersion((v) => v + 1);
        // A name typed in another script needs its font: drawn again once it has loaded.
        void loadFonts(fontUsesOf(studio.design()));
      }
    },
    [save, loadFonts],
  );

  const step = useCallback(
    async (direction: typeof undo) => {
      const history = historyRef.current;
      if (!productId || !color || !history || stepping.current) return;
      const next = direction(history);
      if (next === history) return;
      stepping.current = true;
      try {
        const studio = await createStudio(productId, color, next.present, JSON.parse(garmentJson) as Garment);
        // A picture this browser has since lost: the step opens without it, as a reload would.
        const missing = await provideStoredImages(studio);
        for (const area of missing) studio.remove(area, 'image');
        studioRef.current?.free();
        studioRef.current = studio;
        historyRef.current = missing.length ? { ...next, present: studio.toJson() } : next;
        save(studio, historyRef.current);
        setVersion((v) => v + 1);
      } finally {
        stepping.current = false;
      }
    },
    [productId, color, garmentJson, save],
  );
  const undoStep = useCallback(() => step(undo), [step]);
  const redoStep = useCallback(() => step(redo), [step]);

  const discardDraft = useCallback(() => {
    if (!productId) return;
    localStorage.removeItem(draftKey(productId));
    localStorage.removeItem(historyKey(productId));
    forgetPendingText(productId);
  }, [productId]);

  const studio = studioRef.current;
  const history = historyRef.current;
  const ready: StudioHandle | null = opened && studio && product ? { studio, design: studio.design(), garment: product.garment, version, change, discardDraft, textReady, loadFonts } : null;
  const controls: HistoryControls | null = history ? { undo: undoStep, redo: redoStep, canUndo: canUndo(history), canRedo: canRedo(history) } : null;
  return { handle: ready, history: controls, error, textError };
}
