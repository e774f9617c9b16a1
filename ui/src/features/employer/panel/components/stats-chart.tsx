'use client';
/**
 * Views, applications and redirects day by day as a line chart (recharts, MIT). The same figures
 * are rendered by the server in a table beside it, so the page says everything without JavaScript;
 * the chart is the picture of that table.
 */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayFigures } from '../types';

export interface ChartLabels {
  views: string;
  applications: string;
  redirects: string;
  description: string;
}

export function StatsChart({ days, labels }: { days: DayFigures[]; labels: ChartLabels }) {
  const data = days.map((day) => ({ ...day, label: day.date.slice(5) }));
  return (
    <figure className="panel-chart" data-testid="stats-chart" aria-label={labels.description}>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border, #ddd)" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="views" name={labels.views} stroke="#2563eb" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="applications" name={labels.applications} stroke="#16a34a" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="redirects" name={labels.redirects} stroke="#d97706" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
