"use client";

import { LineChart } from "@/app/_components/charts/line-chart";
import type { TrendSeries } from "@/lib/runs/trend-series";

const COLORS = ["#4f46e5", "#ea580c", "#0d9488", "#db2777", "#65a30d", "#7c3aed", "#0284c7"];

/**
 * Pass rate per branch and agent label (the default branch a solid line, other branches points),
 * cost and p95 latency over the suite's runs; an undefined value is a gap, never 0.
 */
export function TrendCharts({ trend, threshold }: { trend: TrendSeries; threshold: number | null }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <LineChart
        ariaLabel="Pass rate over runs, per branch and agent label"
        data={trend.rows}
        xKey="run"
        yDomain={[0, 1]}
        formatY="percent"
        series={trend.series.map((s, i) => ({ key: s.key, label: s.label, color: COLORS[i % COLORS.length]!, line: s.line }))}
        references={threshold === null ? [] : [{ y: threshold, label: "threshold", color: "#dc2626" }]}
      />
      <div>
        <LineChart
          ariaLabel="Cost and p95 latency over runs"
          data={trend.rows}
          xKey="run"
          formatY="ms"
          formatRightY="usd"
          series={[
            { key: "latencyP95Ms", label: "Latency p95", color: "#0891b2" },
            ...(trend.costReported ? [{ key: "costUsd", label: "Cost", color: "#ca8a04", axis: "right" as const }] : []),
          ]}
        />
        {trend.costReported ? null : (
          <p className="mt-1 text-xs text-stone-500" data-testid="no-cost">
            No cost reported: no run&apos;s agent reported token costs, so there is no cost line.
          </p>
        )}
      </div>
    </div>
  );
}
