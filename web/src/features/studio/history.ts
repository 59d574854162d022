// The studio's undo history: whole engine documents (JSON, as `Studio.toJson`
// writes them), each one the engine accepted, so an undone state always opens.
// Pure data: useStudio applies a document to the engine and saves the history
// beside the draft, bounded in steps and in bytes.

/** Undo reaches at least this many steps back. */
export const HISTORY_STEPS = 100;
/** The most the saved history may take in localStorage (characters of JSON). */
export const HISTORY_MAX_CHARS = 1_000_000;

export interface History {
  past: string[];
  present: string;
  future: string[];
  /** The gesture the present came from (a drag, a slider's pull): later changes of it replace the present. */
  gesture?: string;
}

export const startHistory = (present: string): History => ({ past: [], present, future: [] });

/**
 * The history after a change that produced `next`. A change that left the document as it was is no step;
 * a change of the same gesture as the present one replaces it (a slider pulled across its range is one step).
 */
export function record(h: History, next: string, gesture?: string): History {
  if (next === h.present) return h;
  if (gesture && gesture === h.gesture) return { ...h, present: next, future: [] };
  const past = [...h.past, h.present].slice(-HISTORY_STEPS);
  return { past, present: next, future: [], gesture };
}

export const canUndo = (h: History) => h.past.length > 0;
export const canRedo = (h: History) => h.future.length > 0;

export function undo(h: History): History {
  if (!canUndo(h)) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo(h: History): History {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}

/** The history as saved: the oldest steps, then the furthest redos, go first until it fits `maxChars`. */
export function saveHistory(h: History, maxChars = HISTORY_MAX_CHARS): string {
  let { past, future } = h;
  const size = () => past.reduce((n, d) => n + d.length, 0) + future.reduce((n, d) => n + d.length, 0) + h.present.length;
  let total = size();
  while (total > maxChars && (past.length || future.length)) {
    if (past.length) {
      total -= past[0].length;
      past = past.slice(1);
    } else {
      total -= future[future.length - 1].length;
      future = future.slice(0, -1);
    }
  }
  return JSON.stringify({ past, present: h.present, future });
}

/**
 * The saved history, when it ends at the document the studio opened; otherwise (another tab, a design opened
 * from the account, a damaged entry) a fresh one: a history that leads elsewhere would undo into a stranger's state.
 */
export function loadHistory(saved: string | null, present: string): History {
  try {
    const h = JSON.parse(saved ?? 'null') as Partial<History> | null;
    const strings = (a: unknown): a is string[] => Array.isArray(a) && a.every((d) => typeof d === 'string');
    if (h && h.present === present && strings(h.past) && strings(h.future)) {
      return { past: h.past.slice(-HISTORY_STEPS), present, future: h.future };
    }
  } catch {
    // Not JSON: start afresh.
  }
  return startHistory(present);
}
