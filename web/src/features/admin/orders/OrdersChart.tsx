// Orders (bars) and revenue (line) per day for the last 30 days, from the
// overview endpoint: a small SVG, no chart library. Screen readers get the
// figures as a table.
import type { Overview } from '../../../api/adminOrders';
import { rupees } from '../../../lib/money';
import { dateFormat } from '../../../lib/dateFormat';

const W = 600;
const H = 160;
const PAD = { top: 12, right: 8, bottom: 22, left: 8 };

const dayLabel = dateFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** `date` is an India calendar day, yyyy-mm-dd. */
const labelOf = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

export function OrdersChart({ overview }: { overview: Overview }) {
  const days = overview.daily;
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const maxRevenue = Math.max(1, ...days.map((d) => d.revenue));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, days.length);
  const x = (i: number) => PAD.left + step * i + step / 2;
  const y = (v: number, max: number) => PAD.top + plotH - (v / max) * plotH;
  const line = days.map((d, i) => `${x(i).toFixed(1)},${y(d.revenue, maxRevenue).toFixed(1)}`).join(' ');
  const totalOrders = days.reduce((n, d) => n + d.orders, 0);

  return (
    <figure className="admin-chart">
      <figcaption>
        <strong>Last 30 days</strong>
        <span className="legend">
          <span className="key bars" aria-hidden /> Orders ({totalOrders})
        </span>
        <span className="legend">
          <span className="key line" aria-hidden /> Revenue ({rupees(overview.revenue.last30Days)})
        </span>
        <span className="muted">
          Today {rupees(overview.revenue.today)} · 7 days {rupees(overview.revenue.last7Days)}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Orders and revenue per day, last 30 days: ${totalOrders} orders, ${rupees(overview.revenue.last30Days)}`} data-testid="orders-chart">
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} className="axis" />
        {days.map((d, i) => {
          const top = y(d.orders, maxOrders);
          return (
            <rect key={d.date} x={x(i) - step * 0.35} width={step * 0.7} y={top} height={PAD.top + plotH - top} className="bar">
              <title>{`${labelOf(d.date)}: ${d.orders} orders, ${rupees(d.revenue)}`}</title>
            </rect>
          );
        })}
        {days.length > 1 && <polyline points={line} className="revenue" fill="none" />}
        {days.length > 0 && (
          <>
            <text x={PAD.left} y={H - 6} className="tick">
              {labelOf(days[0].date)}
            </text>
            <text x={W - PAD.right} y={H - 6} className="tick" textAnchor="end">
              {labelOf(days[days.length - 1].date)}
            </text>
          </>
        )}
      </svg>
      <table className="visually-hidden">
        <caption>Orders and revenue per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{labelOf(d.date)}</td>
              <td>{d.orders}</td>
              <td>{rupees(d.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
