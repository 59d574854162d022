// The print quality of a design's images, shown where the shopper chooses and
// pays for them: a badge per image in the studio (the engine's preflight, live
// while it is resized), and the preflight warnings on a cart or checkout line
// (the server's, or the engine's in this browser for the offline cart).
import { FACTS, type AreaKey, type ImageQuality } from '../lib/engine';
import { useT } from '../lib/i18n';
import './printQuality.css';

/** "Good · 320 DPI" beside an image, with the engine's warning when low. */
export function PrintQualityBadge({ quality, area }: { quality: ImageQuality | undefined; area: AreaKey }) {
  const t = useT();
  if (!quality) return null;
  const dpi = Math.round(quality.dpi);
  const explained =
    quality.warning ?? (quality.grade === 'Good' ? t('printQuality.sharp', { dpi }) : t('printQuality.fine', { dpi, good: FACTS.goodPrintDpi }));
  return (
    <span className="print-quality" data-grade={quality.grade} data-testid={`print-quality-${area}`}>
      <span className="print-quality-badge" aria-label={t('printQuality.label', { grade: quality.grade, dpi })}>
        {t('printQuality.badge', { grade: quality.grade, dpi })}
      </span>
      <span className="print-quality-note">{explained}</span>
    </span>
  );
}

/** A line's preflight warnings (a low-resolution image); nothing when all print well. */
export function PrintWarnings({ warnings }: { warnings: readonly string[] }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <ul className="print-warnings" aria-label={t('printQuality.warnings')} data-testid="print-warnings">
      {warnings.map((w) => (
        <li key={w}>
          {t.rich('printQuality.lowResolution', { warning: w, dpi: FACTS.minPrintDpi, b: (chunks) => <strong key="b">{chunks}</strong> })}
        </li>
      ))}
    </ul>
  );
}
