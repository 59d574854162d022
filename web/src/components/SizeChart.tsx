import { useState } from 'react';
import type { components } from '../lib/schema';
import { useT } from '../lib/i18n';
import './sizeChart.css';

type SizeChartDto = components['schemas']['SizeChartDto'];

/** A product's size chart: a row per size, a column per measurement, in the chart's unit. */
export function SizeChart({ chart, sizes }: { chart: SizeChartDto; sizes: string[] }) {
  const t = useT();
  return (
    <table className="size-chart">
      <caption>{t('sizes.chartCaption', { unit: chart.unit === 'cm' ? 'cm' : 'inches' })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('sizes.size')}</th>
          {chart.measurements.map((m) => (
            <th scope="col" key={m}>
              {m}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sizes
          .filter((s) => chart.rows[s])
          .map((s) => (
            <tr key={s}>
              <th scope="row">{s}</th>
              {chart.rows[s].map((v, i) => (
                <td key={chart.measurements[i] ?? i}>{v}</td>
              ))}
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/** Wide enough to show the chart open beside a size picker; a 360 px phone is not. */
const ROOM_FOR_CHART = '(min-width: 640px)';

/**
 * The product's size chart beside a size picker (nothing when it has none): a
 * disclosure, open where there is room and folded on a phone, the table
 * scrolling sideways when it is wider than the screen.
 */
export function SizeChartBeside({ chart, sizes }: { chart?: SizeChartDto | null; sizes: string[] }) {
  const [open] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(ROOM_FOR_CHART).matches);
  const t = useT();
  if (!chart) return null;
  return (
    <details className="size-chart-beside" open={open} data-testid="size-chart-beside">
      <summary>{t('sizes.chart')}</summary>
      {/* Focusable, so a keyboard can scroll a chart wider than the screen. */}
      <div className="size-chart-scroll" tabIndex={0}>
        <SizeChart chart={chart} sizes={sizes} />
      </div>
    </details>
  );
}
