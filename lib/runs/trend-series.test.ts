import { describe, expect, it } from "vitest";
import { trendSeries, xLabels, type TrendRun } from "./trend-series";

const run = (id: string, at: string, branch: string | null, passRate: number | null, extra: Partial<TrendRun> = {}): TrendRun => ({
  id,
  startedAt: new Date(at),
  gitBranch: branch,
  agentLabel: "refund-agent",
  onDefaultBranch: branch === "main",
  passRate,
  costUsd: null,
  latencyP95Ms: 100,
  ...extra,
});

describe("trendSeries", () => {
  it("never joins a PR's run to main's line: one series per branch and label, main drawn as a line, others as points", () => {
    const t = trendSeries([
      run("r1", "2026-12-06T05:10:00Z", "main", 1),
      run("r2", "2026-12-06T05:11:00Z", "retry-pending", 0.714),
      run("r3", "2026-12-06T05:12:00Z", "main", 1),
    ]);
    expect(t.series).toEqual([
      { key: "s0", label: "main · refund-agent", line: true },
      { key: "s1", label: "retry-pending · refund-agent", line: false },
    ]);
    expect(t.rows.map((r) => [r.s0 ?? null, r.s1 ?? null])).toEqual([
      [1, null],
      [null, 0.714],
      [1, null],
    ]);
    expect(t.costReported).toBe(false);
  });

  it("labels the x axis so different runs never read the same", () => {
    expect(
      xLabels([
        { id: "a-111111", startedAt: new Date("2026-12-06T05:10:01Z") },
        { id: "b-222222", startedAt: new Date("2026-12-06T05:10:30Z") },
        { id: "c-333333", startedAt: new Date("2026-12-06T05:10:30Z") },
        { id: "d-444444", startedAt: new Date("2026-12-06T06:00:00Z") },
      ]),
    ).toEqual(["2026-12-06 05:10:01", "2026-12-06 05:10:30 · 222222", "2026-12-06 05:10:30 · 333333", "2026-12-06 06:00"]);
  });
});
