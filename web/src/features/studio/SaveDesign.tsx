// 'Save design' in the studio, for a signed-in shopper. A new design is named
// in a prompt and created (POST); a saved design being edited is stored as a
// new version (PUT with the version it was opened at), or saved as a new one.
// The pictures go to the server first (the server draws the thumbnail from
// them). Shows whether what is on screen is saved.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SAVE_DESIGN_FAILED, useSaveDesign, useUpdateDesign, type SavedDesign } from '../../api/designs';
import { useT, type T } from '../../lib/i18n';
import { uploadDesignImages } from '../../api/artwork';
import { Dialog } from '../../components/Dialog';
import { ApiError, isUnreachable } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useBackendAvailable } from '../../lib/health';
import { draftOrigin, setDraftOrigin, type DraftOrigin } from '../../lib/studioDraft';
import type { StudioHandle } from './useStudio';
import './saveDesign.css';

export const NAME_MAX_CHARS = 80;
/** Between the design's name and whether it is saved: the same in every language. */
const NAME_SEPARATOR = ' · ';

function saveError(t: T, e: unknown): string {
  if (e instanceof ApiError) return e.status === 401 ? t('studio.loginToSave') : e.message;
  return t(isUnreachable(e) ? 'studio.serverUnreachable' : 'studio.saveFailed');
}

interface Props {
  handle: StudioHandle;
  /** Why the saved design in the address could not be opened. */
  openError: string | null;
  onMessage: (kind: 'ok' | 'error', text: string) => void;
}

export function SaveDesign({ handle, openError, onMessage }: Props) {
  const { isAuthenticated } = useAuth();
  const backend = useBackendAvailable();
  const location = useLocation();
  const [, setParams] = useSearchParams();
  const productId = handle.design.productId;
  const [origin, setOrigin] = useState<DraftOrigin | null>(() => draftOrigin(productId));
  const [naming, setNaming] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const create = useSaveDesign();
  const update = useUpdateDesign(SAVE_DESIGN_FAILED);
  const current = JSON.stringify(handle.design);
  const t = useT();

  // A design just opened: what the studio made of it is what is saved.
  useEffect(() => {
    if (!origin || origin.baseline !== null) return;
    const opened = { ...origin, baseline: current };
    setDraftOrigin(productId, opened);
    setOrigin(opened);
  }, [origin, current, productId]);

  const remember = (saved: SavedDesign, baseline: string) => {
    const next = { id: saved._id, version: saved.version, name: saved.name, baseline };
    // The origin first: the address's new id then finds the draft already is that design.
    setDraftOrigin(productId, next);
    setOrigin(next);
    setParams((prev) => (prev.set('savedDesign', saved._id), prev), { replace: true });
  };

  const save = async (name?: string) => {
    if (backend === false) return onMessage('error', t('studio.serverUnreachable'));
    setSaving(true);
    try {
      const design = handle.studio.design();
      const baseline = JSON.stringify(design);
      await uploadDesignImages(design);
      const saved =
        name === undefined && origin
          ? await update.mutateAsync({ id: origin.id, version: origin.version, design })
          : await create.mutateAsync({ name, design });
      remember(saved, baseline);
      onMessage('ok', t('studio.savedAs', { name: saved.name }));
    } catch (e) {
      onMessage('error', saveError(t, e));
    } finally {
      setSaving(false);
    }
  };

  const submitName = (e: FormEvent) => {
    e.preventDefault();
    const name = naming?.trim() || t('studio.defaultDesignName');
    setNaming(null);
    void save(name);
  };

  const dirty = origin === null || (origin.baseline !== null && origin.baseline !== current);
  const state = origin === null ? t('studio.notSaved') : dirty ? t('studio.unsaved') : t('studio.saved');

  return (
    <div className="save-design row">
      {openError && (
        <span className="notice error" role="alert">
          {openError}
        </span>
      )}
      {!isAuthenticated ? (
        <Link className="btn ghost small" to="/login" state={{ from: { pathname: location.pathname, search: location.search } }}>
          {t('studio.loginToSaveLink')}
        </Link>
      ) : (
        <>
          <span className={`save-state ${dirty ? 'dirty' : 'clean'}`} data-testid="save-state" aria-live="polite">
            {origin && <span className="save-name">{origin.name}{NAME_SEPARATOR}</span>}
            {saving ? t('studio.saving') : state}
          </span>
          <button className="btn small" disabled={saving || (origin !== null && !dirty)} onClick={() => (origin ? void save() : setNaming(t('studio.defaultDesignName')))}>
            {t('studio.saveDesign')}
          </button>
          {origin && (
            <button className="btn ghost small" disabled={saving} onClick={() => setNaming(t('studio.copyName', { name: origin.name }).slice(0, NAME_MAX_CHARS))}>
              {t('studio.saveAsNew')}
            </button>
          )}
        </>
      )}
      {naming !== null && (
        <Dialog title={t('studio.saveDesign')} onClose={() => setNaming(null)}>
          <form className="stack" onSubmit={submitName}>
            <label htmlFor="design-name">{t('studio.designName')}</label>
            <input id="design-name" value={naming} maxLength={NAME_MAX_CHARS} autoFocus onChange={(e) => setNaming(e.target.value)} />
            <div className="row">
              <button className="btn" type="submit">
                {t('studio.save')}
              </button>
              <button className="btn ghost" type="button" onClick={() => setNaming(null)}>
                {t('studio.cancel')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </div>
  );
}
