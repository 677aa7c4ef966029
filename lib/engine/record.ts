import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import type { LoadedSuite } from "@/datasets/load";
import type { GateConfig } from "@/lib/gates/config";
import type { JudgeClient } from "../trial/judge";
import { describeJudge } from "../trial/judge";
import type { RunSummary, TaskStats } from "./reducers";
import type { TrialResult } from "../trial/types";

/**
 * The run record (results/<run-id>.json) is the contract: the CI gate and the diff views read only
 * this. Bump the version on any change a reader could notice.
 */
export const RUN_RECORD_SCHEMA_VERSION = 2;

/** Where a run came from: what makes two runs comparable, and the CI job that made it. */
export interface RunSource {
  /**
   * Names the agent across versions of its code (--agent-label, or the suite's `agent:`). Null when
   * nothing named it: such a run is never a baseline and has none (a spec string is not a name).
   */
  agentLabel: string | null;
  commit: string | null;
  branch: string | null;
  /** The CI job's URL (or name) when the CI says. */
  ciJob: string | null;
  defaultBranch: string;
  /** Only runs on the default branch become baselines. */
  onDefaultBranch: boolean;
}

/** auto: the comparable history; a run id: that run; none: no baseline gates. */
export type BaselineRequest = "auto" | "none" | { runId: string };

export interface RunRecordTask {
  id: string;
  contractHash: string;
  prompt: string;
  tags: Record<string, string | number | boolean>;
  graders: { position: number; kind: string; config: Record<string, unknown> }[];
  stats: TaskStats;
  trials: TrialResult[];
}

export interface RunRecord {
  schemaVersion: typeof RUN_RECORD_SCHEMA_VERSION;
  runId: string;
  status: "completed" | "error";
  startedAt: string;
  finishedAt: string;
  suite: { name: string; file: string; hash: string; taskCount: number; threshold: number };
  agent: { spec: string; label: string | null };
  source: RunSource;
  judge: ReturnType<typeof describeJudge>;
  config: { trials: number; concurrency: number; threshold: number; gates: GateConfig; baseline: BaselineRequest };
  summary: RunSummary;
  tasks: RunRecordTask[];
}

export interface RunMeta {
  runId: string;
  startedAt: string;
  suite: LoadedSuite;
  agentSpec: string;
  judge: JudgeClient | undefined;
  trials: number;
  concurrency: number;
  threshold: number;
  source: RunSource;
  baseline: BaselineRequest;
  /** Set when the run continues an interrupted one: its trials so far are already stored. */
  resumed: boolean;
}

export function buildRecord(
  meta: RunMeta,
  trialsByTask: ReadonlyMap<string, TrialResult[]>,
  stats: ReadonlyMap<string, TaskStats>,
  summary: RunSummary,
  finishedAt: string,
): RunRecord {
  return {
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
    runId: meta.runId,
    status: "completed",
    startedAt: meta.startedAt,
    finishedAt,
    suite: {
      name: meta.suite.name,
      file: path.relative(process.cwd(), meta.suite.file),
      hash: meta.suite.hash,
      taskCount: meta.suite.tasks.length,
      threshold: meta.suite.threshold,
    },
    agent: { spec: meta.agentSpec, label: meta.source.agentLabel },
    source: meta.source,
    judge: describeJudge(meta.judge),
    config: {
      trials: meta.trials,
      concurrency: meta.concurrency,
      threshold: meta.threshold,
      gates: meta.suite.gates,
      baseline: meta.baseline,
    },
    summary,
    tasks: meta.suite.tasks.map((task) => ({
      id: task.id,
      contractHash: task.contractHash,
      prompt: task.prompt,
      tags: task.tags,
      graders: task.graders.map((g) => ({ position: g.position, kind: g.kind, config: g.configJson })),
      stats: stats.get(task.id)!,
      trials: trialsByTask.get(task.id) ?? [],
    })),
  };
}

/** What `--json` prints: the record without raw outputs and trajectories. */
export function recordSummary(record: RunRecord, recordPath: string | null) {
  return {
    schemaVersion: record.schemaVersion,
    runId: record.runId,
    recordPath,
    suite: record.suite,
    agent: record.agent,
    source: record.source,
    judge: record.judge,
    config: record.config,
    summary: record.summary,
    tasks: record.tasks.map((t) => ({
      id: t.id,
      contractHash: t.contractHash,
      ...t.stats,
      failures: t.trials
        .filter((trial) => trial.verdict === "fail" || trial.verdict === "error")
        .map((trial) => ({
          trial: trial.trialIndex,
          verdict: trial.verdict,
          reason: trial.reason,
          failingStep: trial.failingStep === null ? null : (trial.trajectory[trial.failingStep] ?? null),
        })),
    })),
  };
}

/**
 * Writes the record as indented JSON, one task at a time: the same text as
 * JSON.stringify(record, null, 2), without ever holding a 10,000-trial string in memory.
 */
export function writeRecordFile(file: string, record: RunRecord): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, "w");
  try {
    const { tasks, ...head } = record;
    const opening = JSON.stringify(head, null, 2);
    writeSync(fd, `${opening.slice(0, -2)},\n  "tasks": [`);
    tasks.forEach((task, i) => {
      const text = JSON.stringify(task, null, 2).replace(/\n/g, "\n    ");
      writeSync(fd, `${i === 0 ? "" : ","}\n    ${text}`);
    });
    writeSync(fd, tasks.length ? "\n  ]\n}\n" : "]\n}\n");
  } finally {
    closeSync(fd);
  }
}
