import { quantile } from "simple-statistics";
import { sortedJson } from "@/lib/hash";
import type { TaskStats } from "./reducers";
import type { RunMetrics } from "@/lib/gates/run-metrics";
import type { Step, TrialResult } from "../trial/types";

export type { RunMetrics };

/**
 * Retries in one trajectory: calls that repeat an earlier call of the same trial exactly (same
 * tool, same arguments). A blocked call never ran, so it is no retry.
 */
export function countRetries(trajectory: readonly Step[]): number {
  const seen = new Set<string>();
  const tools = new Set<string>();
  let retries = 0;
  for (const step of trajectory) {
    if (step.blocked) continue;
    // Canonicalising every call is wasted work when the tool has not been called before.
    if (!tools.has(step.tool)) {
      tools.add(step.tool);
      seen.add(`${step.tool}\0${sortedJson(step.args)}`);
      continue;
    }
    const key = `${step.tool}\0${sortedJson(step.args)}`;
    if (seen.has(key)) retries++;
    else seen.add(key);
  }
  return retries;
}

export const tagKey = (name: string, value: string | number | boolean) => `${name}=${value}`;

interface MetricTask {
  id: string;
  tags: Record<string, string | number | boolean>;
  stats: TaskStats;
  trials: readonly TrialResult[];
}

const rate = (passed: number, scored: number) => (scored === 0 ? null : passed / scored);

export function computeRunMetrics(tasks: readonly MetricTask[], k: number): RunMetrics {
  let passed = 0;
  let scored = 0;
  const graders = new Map<string, [number, number]>();
  const tags = new Map<string, [number, number]>();
  const costs: number[] = [];
  const latencies: number[] = [];
  const powers: number[] = [];
  let retries = { max: 0, taskId: null as string | null };
  let flaky = 0;

  for (const task of tasks) {
    if (task.stats.passPowerK !== null) powers.push(task.stats.passPowerK);
    if (task.stats.flaky) flaky++;
    const taskPassed = task.stats.c;
    const taskScored = task.stats.n;
    passed += taskPassed;
    scored += taskScored;
    for (const [name, value] of Object.entries(task.tags)) {
      const key = tagKey(name, value);
      const sum = tags.get(key) ?? [0, 0];
      tags.set(key, [sum[0] + taskPassed, sum[1] + taskScored]);
    }
    for (const trial of task.trials) {
      if (trial.costUsd !== null) costs.push(trial.costUsd);
      latencies.push(trial.latencyMs);
      for (const g of trial.graders) {
        if (g.shadow) continue;
        const sum = graders.get(g.kind) ?? [0, 0];
        if (g.status === "pass") graders.set(g.kind, [sum[0] + 1, sum[1] + 1]);
        else if (g.status === "fail") graders.set(g.kind, [sum[0], sum[1] + 1]);
        else graders.set(g.kind, sum);
      }
      const r = countRetries(trial.trajectory);
      if (r > retries.max) retries = { max: r, taskId: task.id };
    }
  }

  const fold = (m: Map<string, [number, number]>) =>
    Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, [p, n]]) => [key, rate(p, n)]));
  return {
    k,
    passRate: rate(passed, scored),
    passPowerK: powers.length ? powers.reduce((a, b) => a + b, 0) / powers.length : null,
    graders: fold(graders),
    tags: fold(tags),
    costP50Usd: costs.length ? quantile(costs, 0.5) : null,
    latencyP95Ms: latencies.length ? quantile(latencies, 0.95) : null,
    flakeRate: k < 2 || tasks.length === 0 ? null : flaky / tasks.length,
    toolRetries: retries,
  };
}
