// The print quality of a design's images, shown where the shopper chooses and
// pays for them: a badge per image in the studio (live while it is resized),
// and the preflight warnings on a cart or checkout line.
import type { AreaKey } from '../lib/engine';
import { GOOD_PRINT_DPI, imagePrintQuality, MIN_PRINT_DPI, printWarnings, type DesignImages } from '../lib/printQuality';
import './printQuality.css';

/** "Good · 320 DPI" beside an image, with the engine's warning when low. */
export function PrintQualityBadge({ design, area }: { design: DesignImages; area: AreaKey }) {
  const q = imagePrintQuality(design, area);
  if (!q) return null;
  const dpi = Math.round(q.dpi);
  const explained =
    q.warning ?? (q.grade === 'Good' ? `Prints sharp at ${dpi} DPI` : `Prints at ${dpi} DPI: fine, though below ${GOOD_PRINT_DPI} DPI it is not at its sharpest`);
  return (
    <span className="print-quality" data-grade={q.grade} data-testid={`print-quality-${area}`}>
      <span className="print-quality-badge" aria-label={`Print quality: ${q.grade}, ${dpi} DPI`}>
        {q.grade} · {dpi} DPI
      </span>
      <span className="print-quality-note">{explained}</span>
    </span>
  );
}

/** The warnings of a line whose design has a low-resolution image (nothing when all print well). */
export function PrintWarnings({ design }: { design: DesignImages }) {
  const warnings = printWarnings(design);
  if (warnings.length === 0) return null;
  return (
    <ul className="print-warnings" aria-label="Print quality warnings" data-testid="print-warnings">
      {warnings.map((w) => (
        <li key={w}>
          <strong>Low resolution:</strong> {w}. Use a larger picture (at least {MIN_PRINT_DPI} DPI at its printed size) or make it smaller.
        </li>
      ))}
    </ul>
  );
}
