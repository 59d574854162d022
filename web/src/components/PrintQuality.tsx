// The print quality of a design's images, shown where the shopper chooses and
// pays for them: a badge per image in the studio (the engine's preflight, live
// while it is resized), and the preflight warnings on a cart or checkout line
// (the server's, or the engine's in this browser for the offline cart).
import { FACTS, type AreaKey, type ImageQuality } from '../lib/engine';
import './printQuality.css';

/** "Good · 320 DPI" beside an image, with the engine's warning when low. */
export function PrintQualityBadge({ quality, area }: { quality: ImageQuality | undefined; area: AreaKey }) {
  if (!quality) return null;
  const dpi = Math.round(quality.dpi);
  const explained =
    quality.warning ??
    (quality.grade === 'Good' ? `Prints sharp at ${dpi} DPI` : `Prints at ${dpi} DPI: fine, though below ${FACTS.goodPrintDpi} DPI it is not at its sharpest`);
  return (
    <span className="print-quality" data-grade={quality.grade} data-testid={`print-quality-${area}`}>
      <span className="print-quality-badge" aria-label={`Print quality: ${quality.grade}, ${dpi} DPI`}>
        {quality.grade} · {dpi} DPI
      </span>
      <span className="print-quality-note">{explained}</span>
    </span>
  );
}

/** A line's preflight warnings (a low-resolution image); nothing when all print well. */
export function PrintWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="print-warnings" aria-label="Print quality warnings" data-testid="print-warnings">
      {warnings.map((w) => (
        <li key={w}>
          <strong>Low resolution:</strong> {w}. Use a larger picture (at least {FACTS.minPrintDpi} DPI at its printed size) or make it smaller.
        </li>
      ))}
    </ul>
  );
}
