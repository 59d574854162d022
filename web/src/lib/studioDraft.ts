// The studio's draft of each product, kept in this browser: the design
// document (what the studio opens next for that product) and, when the draft
// is a saved design being edited, which design and version it came from.
// The studio keeps it up to date; the saved-design and shared-design pages
// start a draft from a stored design.

export const draftKey = (productId: string) => `studio-draft:${productId}`;
/** The studio's undo history of the draft (features/studio/history.ts), kept beside it. */
export const historyKey = (productId: string) => `studio-draft-history:${productId}`;
const originKey = (productId: string) => `studio-draft-origin:${productId}`;

/** The saved design a draft is a copy of. */
export interface DraftOrigin {
  id: string;
  version: number;
  name: string;
  /** The design document as saved (JSON, as the studio writes it); null until the studio opened it. */
  baseline: string | null;
}

export function draftOrigin(productId: string): DraftOrigin | null {
  try {
    const origin = JSON.parse(localStorage.getItem(originKey(productId)) ?? 'null') as DraftOrigin | null;
    return origin && typeof origin.id === 'string' && typeof origin.version === 'number' ? origin : null;
  } catch {
    return null;
  }
}

export function setDraftOrigin(productId: string, origin: DraftOrigin | null): void {
  if (origin) localStorage.setItem(originKey(productId), JSON.stringify(origin));
  else localStorage.removeItem(originKey(productId));
}

/**
 * Makes a design document the draft of its product: the studio opens it next.
 * `origin` names the saved design it is (null for a new design, e.g. a copy of
 * someone's shared design).
 */
export function startDraft(productId: string, design: unknown, origin: DraftOrigin | null): void {
  localStorage.setItem(draftKey(productId), JSON.stringify(design));
  setDraftOrigin(productId, origin);
}
