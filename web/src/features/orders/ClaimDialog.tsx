// "Report a problem" on a delivered order: which of its designs (when it has
// several), how many pieces of each size (no more than are left to claim),
// what went wrong, a message and photos. Each
// photo goes up as artwork as soon as it is chosen (its SHA-256 names it);
// the claim is filed with their names and answered with its ticket number.
import { useId, useState, type FormEvent } from 'react';
import { CLAIM_REASONS, MAX_CLAIM_MESSAGE, MAX_PHOTOS, useFileClaim, type Claim, type ClaimReason } from '../../api/claims';
import { uploadPhoto } from '../../api/artwork';
import type { Order, OrderItem } from '../../api/orders';
import { serverErrorText } from '../../lib/api';
import { useObjectUrl } from '../../lib/objectUrl';
import { orderedSizes, totalOf } from '../../lib/sizes';
import { Dialog } from '../../components/Dialog';
import { RadioGroup } from '../../components/RadioGroup';
import { useT } from '../../lib/i18n';

/** Between a design's name and its colour: the same in every language. */
const DOT = ' · ';

interface Photo {
  key: number;
  file: File;
  sha256?: string;
  error?: string;
}

type Field = 'pieces' | 'message' | 'photos';

/** An order line and the pieces per size still to claim on it. */
export interface ClaimableLine {
  item: OrderItem;
  left: Record<string, number>;
}

export function ClaimDialog({ order, lines, onClose, onFiled }: { order: Order; lines: ClaimableLine[]; onClose: () => void; onFiled: (claim: Claim) => void }) {
  const id = useId();
  const t = useT();
  const file = useFileClaim(order._id);
  const open = lines.filter((l) => totalOf(l.left) > 0);
  const [itemId, setItemId] = useState(open[0]?.item._id ?? '');
  const line = open.find((l) => l.item._id === itemId) ?? open[0];
  const sizes = orderedSizes(line?.left ?? {}).filter((s) => s.count > 0);
  const [pieces, setPieces] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ClaimReason>('misprint');
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const uploading = photos.some((p) => !p.sha256 && !p.error);

  const addPhotos = (files: FileList | null) => {
    const room = MAX_PHOTOS - photos.length;
    const chosen = [...(files ?? [])].slice(0, Math.max(0, room));
    setErrors((e) => ({ ...e, photos: files && files.length > room ? t('claims.atMostPhotos', { max: String(MAX_PHOTOS) }) : undefined }));
    for (const f of chosen) {
      const key = Math.random();
      setPhotos((ps) => [...ps, { key, file: f }]);
      uploadPhoto(f).then(
        (sha256) => setPhotos((ps) => ps.map((p) => (p.key === key ? { ...p, sha256 } : p))),
        (e: unknown) => setPhotos((ps) => ps.map((p) => (p.key === key ? { ...p, error: serverErrorText(e, t('claims.photoFailed')) } : p))),
      );
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found: Partial<Record<Field, string>> = {};
    const chosen = Object.fromEntries(Object.entries(pieces).filter(([, n]) => n > 0));
    const over = sizes.find((s) => (pieces[s.key] ?? 0) > s.count);
    if (over) found.pieces = t('claims.noMoreThan', { count: over.count, n: String(over.count), size: over.label });
    else if (totalOf(chosen) === 0) found.pieces = t('claims.choosePieces');
    if (!message.trim()) found.message = t('claims.describeRequired');
    const uploaded = photos.flatMap((p) => (p.sha256 ? [p.sha256] : []));
    if (reason !== 'missing' && uploaded.length === 0) found.photos = t('claims.photoRequired');
    setErrors(found);
    if (Object.keys(found).length > 0 || !line) return;
    file.mutate({ itemId: line.item._id, pieces: chosen, reason, message: message.trim(), photos: uploaded }, { onSuccess: onFiled, onError: (err) => setFailure(serverErrorText(err, t('claims.fileFailed'))) });
  };

  const described = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: Field) =>
    errors[field] && (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    );

  return (
    <Dialog title={t('claims.report')} onClose={onClose} wide>
      <form className="claim-form" onSubmit={submit} noValidate aria-label={t('claims.reportWith', { number: order.orderNumber })}>
        <p className="muted">
          {t('claims.intro', { number: order.orderNumber })}
        </p>
        {open.length > 1 && (
          <div className="claim-field">
            <label className="claim-label" htmlFor={`${id}-line`}>
              {t('claims.whichDesign')}
            </label>
            <select
              id={`${id}-line`}
              value={line?.item._id}
              onChange={(e) => {
                setItemId(e.target.value);
                setPieces({});
              }}
            >
              {open.map(({ item }) => (
                <option key={item._id} value={item._id}>
                  {item.name}
                  {DOT}
                  {item.color}
                </option>
              ))}
            </select>
          </div>
        )}
        <fieldset aria-describedby={described('pieces')}>
          <legend>{t('claims.pieces')}</legend>
          <div className="claim-sizes">
            {sizes.map((s) => (
              <label key={s.key}>
                <span>
                  {t('claims.size', { size: s.label })} <span className="muted">{t('claims.upTo', { count: String(s.count) })}</span>
                </span>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={s.count}
                  value={pieces[s.key] ?? 0}
                  aria-invalid={errors.pieces ? true : undefined}
                  onChange={(e) => {
                    const n = Math.max(0, Math.floor(Number(e.target.value) || 0));
                    setPieces((p) => ({ ...p, [s.key]: n }));
                    setErrors((x) => ({ ...x, pieces: undefined }));
                  }}
                />
              </label>
            ))}
          </div>
          {fieldError('pieces')}
        </fieldset>
        <div className="claim-field">
          <span className="claim-label" aria-hidden>
            {t('claims.whatWrong')}
          </span>
          <RadioGroup label={t('claims.whatWrong')} options={CLAIM_REASONS.map((r) => ({ value: r.value, label: t('claims.reason', { reason: r.value }) }))} value={reason} onChange={setReason} optionClass="btn small" />
        </div>
        <div className="claim-field">
          <label className="claim-label" htmlFor={`${id}-message`}>
            {t('claims.describe')}
          </label>
          <textarea
            id={`${id}-message`}
            rows={4}
            maxLength={MAX_CLAIM_MESSAGE}
            value={message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={described('message')}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors((x) => ({ ...x, message: undefined }));
            }}
          />
          {fieldError('message')}
        </div>
        <div className="claim-field">
          <label className="claim-label" htmlFor={`${id}-photos`}>
            {t('claims.photos')}
          </label>
          <p className="muted small" id={`${id}-photos-hint`}>
            {t('claims.photosHint', { max: String(MAX_PHOTOS) })}
          </p>
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/png,image/jpeg,image/gif"
            multiple
            disabled={photos.length >= MAX_PHOTOS}
            aria-describedby={[`${id}-photos-hint`, described('photos')].filter(Boolean).join(' ')}
            onChange={(e) => {
              addPhotos(e.target.files);
              e.target.value = '';
            }}
          />
          {fieldError('photos')}
          {photos.length > 0 && (
            <ul className="claim-photos" aria-label={t('claims.photosAdded')}>
              {photos.map((p, i) => (
                <ChosenPhoto key={p.key} photo={p} index={i + 1} onRemove={() => setPhotos((ps) => ps.filter((x) => x.key !== p.key))} />
              ))}
            </ul>
          )}
        </div>
        {failure && (
          <p className="notice error" role="alert">
            {failure}
          </p>
        )}
        <div className="row dialog-actions">
          <button type="button" className="btn ghost" onClick={onClose}>
            {t('claims.cancel')}
          </button>
          <button type="submit" className="btn" disabled={file.isPending || uploading}>
            {file.isPending ? t('claims.reporting') : uploading ? t('claims.uploadingPhotos') : t('claims.reportTheProblem')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ChosenPhoto({ photo, index, onRemove }: { photo: Photo; index: number; onRemove: () => void }) {
  const src = useObjectUrl(photo.file);
  const t = useT();
  return (
    <li>
      {src && <img src={src} alt={t('claims.photoAlt', { index: String(index), name: photo.file.name })} width={110} height={110} />}
      <span className={photo.error ? 'error small' : 'muted small'}>{photo.error ?? (photo.sha256 ? t('claims.uploaded') : t('claims.uploading'))}</span>
      <button type="button" className="link-button small" onClick={onRemove} aria-label={t('claims.removePhoto', { index: String(index) })}>
        {t('claims.remove')}
      </button>
    </li>
  );
}
