import { describe, expect, it } from "vitest";
import { RUN_METRICS, metricDefinition, type RunMetrics } from "./run-metrics";

const metrics: RunMetrics = {
  k: 3,
  passRate: 0.5,
  passPowerK: 0.25,
  graders: { exact: 1 },
  tags: { "category=happy": 0.75 },
  costP50Usd: 0.01,
  latencyP95Ms: 1200,
  flakeRate: 0.1,
  toolRetries: { max: 2, taskId: "t1" },
};

describe("the run-metric registry", () => {
  it("reads each metric's own field", () => {
    expect(Object.fromEntries(Object.entries(RUN_METRICS).map(([id, m]) => [id, m.value(metrics)]))).toEqual({
      pass_rate: 0.5,
      pass_power_k: 0.25,
      cost_p50: 0.01,
      latency_p95: 1200,
      flake_rate: 0.1,
      tool_retries: 2,
    });
  });

  it("says which way is better, for family members too, and knows no other id", () => {
    expect(metricDefinition("flake_rate")).toMatchObject({ unit: "rate", better: "lower" });
    expect(metricDefinition("pass_rate")).toMatchObject({ unit: "rate", better: "higher" });
    expect(metricDefinition("grader:exact")).toEqual({ unit: "rate", better: "higher" });
    expect(metricDefinition("tag:category=happy")).toEqual({ unit: "rate", better: "higher" });
    expect(metricDefinition("nonsense")).toBeNull();
  });
});
