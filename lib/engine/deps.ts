import { randomBytes } from "node:crypto";
import { noBaseline, type Baseline } from "@/lib/gates/result";
import type { JudgeClient } from "../trial/judge";
import type { BaselineRequest, RunMeta, RunRecord } from "./record";
import type { Agent, TrialResult } from "../trial/types";

/**
 * Everything the engine does to the outside world, injected (STYLE.md): the agent it calls, the
 * judge, where trials and the record go, the clock. Tests use mockDeps(); the CLI uses
 * localDeps() from lib/cli/deps-local.ts (database and results/ file).
 */
export interface RunDeps {
  agent: Agent;
  judge?: JudgeClient;
  now(): number;
  newRunId(): string;
  /** Records the run before any trial starts (suite version, tasks, run row). */
  beginRun(meta: RunMeta): Promise<void>;
  /** Hands over one finished trial. Must not block: persistence is buffered off the hot path. */
  saveTrial(trial: TrialResult): void;
  /**
   * Reads the comparable history the baseline gates compare with, where it lives (this machine's database for
   * a local or distributed run; nothing in memory). The engine's fold applies the gates with it
   * (applyBaselineGates, lib/gates/evaluate.ts). Null for a run a server stores: the server applies the same
   * gates against its own history when the run finishes (lib/running/finish-upload.ts).
   */
  findBaseline: ((query: BaselineQuery) => Promise<Baseline>) | null;
  /** Flushes every trial, stores the summary (the baseline gates in it, when findBaseline gave them) and writes the run record. */
  finishRun(record: RunRecord): Promise<FinishedRun>;
  /** Marks a run that could not finish (its trials so far stay stored). */
  abortRun?(runId: string, error: Error): Promise<void>;
  onProgress?(done: number, total: number): void;
}

/** Which history a run's baseline gates read: the run, its suite version and agent label, what it asked for. */
export interface BaselineQuery {
  suiteName: string;
  suiteHash: string;
  /** Null: an unnamed agent has no comparable history. */
  agentLabel: string | null;
  /** The run being judged: never its own baseline. */
  runId: string;
  request: BaselineRequest;
  /** How many recent comparable runs the operational medians are taken over. */
  window: number;
}

export interface FinishedRun {
  /** The record with every gate in its summary. */
  record: RunRecord;
  /** Where the run record was written, when it was. */
  recordPath: string | null;
  /** Where people see the run, when a server stored it. */
  links?: RunLinks;
}

/** URLs on the server that stored the run: the run, and the first failing trial of each failing task. */
export interface RunLinks {
  run: string;
  compare: string | null;
  failingTrials: {
    taskId: string;
    trialIndex: number;
    step?: number | null;
    tool?: string | null;
    args?: unknown;
    reason?: string | null;
    url: string;
  }[];
  /** Failing tasks beyond those linked. */
  unlinkedFailingTasks?: number;
  /** The tasks whose status changed against the baseline run. */
  baseline?: { runId: string; newlyFailing: string[]; newlyPassing: string[]; newlyFlaky: string[]; otherChanges: string[] } | null;
}

/** Sortable, readable and unique: 20261130-224001-3f9a2c. */
export function newRunId(date = new Date()): string {
  const stamp = date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

export const preciseNow = () => performance.timeOrigin + performance.now();

export interface MockRun {
  deps: RunDeps;
  meta: RunMeta[];
  trials: TrialResult[];
  records: RunRecord[];
}

/** Deps that keep everything in memory: no network beyond the agent given, no database, no files. */
export function mockDeps(
  agent: Agent,
  options: { judge?: JudgeClient; now?: () => number; runId?: string; baseline?: Baseline } = {},
): MockRun {
  const run: MockRun = { meta: [], trials: [], records: [], deps: undefined as unknown as RunDeps };
  run.deps = {
    agent,
    judge: options.judge,
    now: options.now ?? preciseNow,
    newRunId: () => options.runId ?? newRunId(),
    beginRun: async (meta) => void run.meta.push(meta),
    saveTrial: (trial) => void run.trials.push(trial),
    findBaseline: async () => options.baseline ?? noBaseline("no baseline: an in-memory run has no history"),
    finishRun: async (record) => {
      run.records.push(record);
      return { record, recordPath: null };
    },
  };
  return run;
}
