import type { components } from '../lib/schema';
import './sizeChart.css';

type SizeChartDto = components['schemas']['SizeChartDto'];

/** A product's size chart: a row per size, a column per measurement, in the chart's unit. */
export function SizeChart({ chart, sizes }: { chart: SizeChartDto; sizes: string[] }) {
  const unit = chart.unit === 'cm' ? 'cm' : 'inches';
  return (
    <table className="size-chart">
      <caption>Size chart ({unit})</caption>
      <thead>
        <tr>
          <th scope="col">Size</th>
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
