"use client";

import {
  CartesianGrid,
  Legend,
  Line,
  LineChart as RechartsLineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export interface Series {
  key: string;
  label: string;
  color: string;
  /** Which y axis: left (default) or right, for a second unit. */
  axis?: "left" | "right";
  /** false: points only, no line between them (runs that are not one history, such as a PR branch's). */
  line?: boolean;
}

export interface LineChartProps {
  /** One object per x value. A null y is drawn as a gap: an undefined statistic is never plotted as 0. */
  data: Record<string, string | number | null>[];
  xKey: string;
  series: Series[];
  height?: number;
  yDomain?: [number, number];
  /** Horizontal lines such as a pass-rate threshold or a kappa bar. */
  references?: { y: number; label: string; color?: string }[];
  formatY?: "percent" | "number" | "ms" | "usd";
  formatRightY?: "percent" | "number" | "ms" | "usd";
  ariaLabel: string;
}

const formatters = {
  percent: (v: number) => `${Math.round(v * 100)}%`,
  number: (v: number) => (Math.abs(v) < 10 ? v.toFixed(2) : v.toFixed(0)),
  ms: (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`),
  usd: (v: number) => `$${v < 1 ? v.toFixed(3) : v.toFixed(2)}`,
};

/** A small line chart for trends over runs or versions (recharts, client-side). */
export function LineChart({
  data,
  xKey,
  series,
  height = 240,
  yDomain,
  references = [],
  formatY = "number",
  formatRightY,
  ariaLabel,
}: LineChartProps) {
  const right = series.some((s) => s.axis === "right");
  const leftFormat = formatters[formatY];
  const rightFormat = formatters[formatRightY ?? formatY];
  return (
    <figure aria-label={ariaLabel} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <RechartsLineChart data={data} margin={{ top: 8, right: right ? 8 : 24, bottom: 8, left: 0 }}>
          <CartesianGrid stroke="#e7e5e4" strokeDasharray="3 3" />
          <XAxis dataKey={xKey} tick={{ fontSize: 12, fill: "#57534e" }} tickLine={false} />
          <YAxis
            yAxisId="left"
            domain={yDomain ?? ["auto", "auto"]}
            tickFormatter={leftFormat}
            tick={{ fontSize: 12, fill: "#57534e" }}
            width={52}
          />
          {right ? (
            <YAxis yAxisId="right" orientation="right" tickFormatter={rightFormat} tick={{ fontSize: 12, fill: "#57534e" }} width={60} />
          ) : null}
          <Tooltip
            formatter={(value, name, item) => {
              const s = series.find((x) => x.key === item.dataKey);
              const format = s?.axis === "right" ? rightFormat : leftFormat;
              return [typeof value === "number" ? format(value) : "undefined", s?.label ?? String(name)];
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {references.map((r) => (
            <ReferenceLine
              key={r.label}
              yAxisId="left"
              y={r.y}
              stroke={r.color ?? "#a8a29e"}
              strokeDasharray="4 4"
              label={{ value: r.label, fontSize: 11, fill: "#78716c", position: "insideTopRight" }}
            />
          ))}
          {series.map((s) => (
            <Line
              key={s.key}
              yAxisId={s.axis ?? "left"}
              // Straight segments: a smoothed curve invents values between runs.
              type="linear"
              dataKey={s.key}
              name={s.label}
              stroke={s.line === false ? "none" : s.color}
              strokeWidth={2}
              dot={{ r: s.line === false ? 4 : 3, fill: s.color, stroke: s.color }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </RechartsLineChart>
      </ResponsiveContainer>
    </figure>
  );
}
