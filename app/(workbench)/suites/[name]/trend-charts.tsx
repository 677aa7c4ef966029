"use client";

import { LineChart } from "@/app/_components/charts/line-chart";

export interface TrendPoint {
  run: string;
  passRate: number | null;
  costUsd: number | null;
  latencyP95Ms: number | null;
  [key: string]: string | number | null;
}

/** Pass rate, cost and p95 latency of a suite's runs over time; an undefined value is a gap, never 0. */
export function TrendCharts({ data, threshold }: { data: TrendPoint[]; threshold: number | null }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <LineChart
        ariaLabel="Pass rate over runs"
        data={data}
        xKey="run"
        yDomain={[0, 1]}
        formatY="percent"
        series={[{ key: "passRate", label: "Pass rate", color: "#4f46e5" }]}
        references={threshold === null ? [] : [{ y: threshold, label: "threshold", color: "#dc2626" }]}
      />
      <LineChart
        ariaLabel="Cost and p95 latency over runs"
        data={data}
        xKey="run"
        formatY="ms"
        formatRightY="usd"
        series={[
          { key: "latencyP95Ms", label: "Latency p95", color: "#0891b2" },
          { key: "costUsd", label: "Cost", color: "#ca8a04", axis: "right" },
        ]}
      />
    </div>
  );
}
