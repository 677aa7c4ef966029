import "server-only";
import type { TrialResult } from "@/lib/trial/types";
import { createHash } from "node:crypto";
import { boolParam, bulkTransaction, chunks, insertStatement, jsonText, placeholders, timestampParam, type BulkTx } from "./bulk";

export interface GraderRow {
  position: number;
  kind: string;
  config: unknown;
  status: "pass" | "fail" | "skipped" | "error";
  score: number | null;
  reason: string;
  shadow: boolean;
  judgeVersionId: string | null;
}

export interface TrialRow {
  taskId: string;
  trialIndex: number;
  verdict: "pass" | "fail" | "skipped" | "error";
  score: number | null;
  output: string | null;
  trajectory: unknown;
  finalState: unknown;
  costUsd: number | null;
  latencyMs: number;
  steps: number;
  error: string | null;
  startedAt: Date;
  finishedAt: Date;
  graders: GraderRow[];
}

/** The same (run, task, trial index) always gets the same id, so writing a trial again replaces it. */
export function trialId(runId: string, taskId: string, trialIndex: number): string {
  return `t${createHash("sha256").update(`${runId}\0${taskId}\0${trialIndex}`).digest("hex").slice(0, 24)}`;
}

export const TRIAL_COLUMNS = (pg: boolean) => [
  { name: "id" },
  { name: "run_id" },
  { name: "task_id" },
  { name: "trial_index" },
  { name: "status", cast: pg ? '::"TrialStatus"' : undefined },
  { name: "verdict", cast: pg ? '::"Verdict"' : undefined },
  { name: "score" },
  { name: "output" },
  { name: "trajectory", cast: pg ? "::jsonb" : undefined },
  { name: "final_state", cast: pg ? "::jsonb" : undefined },
  { name: "cost_usd" },
  { name: "latency_ms" },
  { name: "steps" },
  { name: "error" },
  { name: "attempts" },
  { name: "started_at", cast: pg ? "::timestamp(3)" : undefined },
  { name: "finished_at", cast: pg ? "::timestamp(3)" : undefined },
];

export const GRADER_COLUMNS = (pg: boolean) => [
  { name: "id" },
  { name: "trial_id" },
  { name: "position" },
  { name: "kind" },
  { name: "config", cast: pg ? "::jsonb" : undefined },
  { name: "status", cast: pg ? '::"Verdict"' : undefined },
  { name: "score" },
  { name: "reason" },
  { name: "shadow" },
  { name: "judge_version_id" },
];

type Provider = Parameters<typeof timestampParam>[0];

/** A trial row's values, in TRIAL_COLUMNS order. */
export function trialValues(provider: Provider, id: string, runId: string, row: TrialRow, attempts: number): unknown[] {
  return [
    id,
    runId,
    row.taskId,
    row.trialIndex,
    "done",
    row.verdict,
    row.score,
    row.output,
    jsonText(row.trajectory),
    jsonText(row.finalState),
    row.costUsd,
    row.latencyMs,
    row.steps,
    row.error,
    attempts,
    timestampParam(provider, row.startedAt),
    timestampParam(provider, row.finishedAt),
  ];
}

/** A trial's grader result rows, in GRADER_COLUMNS order. */
export function graderValues(provider: Provider, id: string, row: TrialRow): unknown[][] {
  return row.graders.map((g) => [
    `${id}-${g.position}`,
    id,
    g.position,
    g.kind,
    JSON.stringify(g.config ?? {}),
    g.status,
    g.score,
    g.reason,
    boolParam(provider, g.shadow),
    g.judgeVersionId,
  ]);
}

/**
 * Writes a batch of trials and their grader results in one transaction; replaces any earlier copy.
 * On SQLite through statements prepared once (`prepared: false`, for the tests that compare the two,
 * takes the multi-row statements every database can run).
 */
export async function writeTrials(runId: string, rows: TrialRow[], options: { prepared?: boolean } = {}): Promise<void> {
  if (rows.length === 0) return;
  await bulkTransaction(async (tx) => {
    if (tx.statement && options.prepared !== false) return writeTrialsOneByOne(tx.statement, runId, rows);
    const pg = tx.provider === "postgres";
    for (const chunk of chunks(rows, 400)) {
      const trials = chunk.map((row) => ({ id: trialId(runId, row.taskId, row.trialIndex), row }));
      const ids = trials.map((t) => t.id);
      await tx.execute(`DELETE FROM "grader_results" WHERE "trial_id" IN (${placeholders(tx.provider, ids.length)})`, ids);
      await tx.execute(`DELETE FROM "trials" WHERE "id" IN (${placeholders(tx.provider, ids.length)})`, ids);
      const trialRows = trials.map(({ id, row }) => trialValues(tx.provider, id, runId, row, 1));
      await tx.execute(...insertStatement(tx.provider, "trials", TRIAL_COLUMNS(pg), trialRows));
      const graderRows = trials.flatMap(({ id, row }) => graderValues(tx.provider, id, row));
      for (const part of chunks(graderRows, 800))
        await tx.execute(...insertStatement(tx.provider, "grader_results", GRADER_COLUMNS(pg), part));
    }
  });
}

/**
 * SQLite: the same rows as the multi-row statements above, in the same order (every earlier copy
 * deleted, then the trials, then their grader rows, 400 trials at a time), through four statements prepared once per
 * connection. A 400-row INSERT of 6,800 parameters is compiled anew for every chunk; one prepared
 * single-row INSERT is not, and better-sqlite3 runs it in a few microseconds.
 */
function writeTrialsOneByOne(statement: NonNullable<BulkTx["statement"]>, runId: string, rows: TrialRow[]): void {
  const deleteGraders = statement(`DELETE FROM "grader_results" WHERE "trial_id" = ?`);
  const deleteTrial = statement(`DELETE FROM "trials" WHERE "id" = ?`);
  const insertTrial = statement(oneRowInsert("trials", TRIAL_COLUMNS(false)));
  const insertGrader = statement(oneRowInsert("grader_results", GRADER_COLUMNS(false)));
  for (const chunk of chunks(rows, 400)) {
    const ids = chunk.map((row) => trialId(runId, row.taskId, row.trialIndex));
    for (const id of ids) deleteGraders.run([id]);
    for (const id of ids) deleteTrial.run([id]);
    chunk.forEach((row, i) => insertTrial.run(trialValues("sqlite", ids[i]!, runId, row, 1)));
    chunk.forEach((row, i) => {
      for (const values of graderValues("sqlite", ids[i]!, row)) insertGrader.run(values);
    });
  }
}

const oneRowInsert = (table: string, columns: { name: string }[]) =>
  `INSERT INTO "${table}" (${columns.map((c) => `"${c.name}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;

export interface TrialWriter {
  add(row: TrialRow): void;
  /** Writes what is buffered and waits for every write; throws the first write error. */
  close(): Promise<void>;
  readonly written: number;
}

/**
 * Buffers trials and writes them in batches, one transaction each, off the trial hot path: a
 * trial never waits for the database, and the database sees a few hundred rows per round trip
 * instead of one.
 */
export function createTrialWriter(runId: string, options: { batchSize?: number; flushIntervalMs?: number } = {}): TrialWriter {
  const batchSize = options.batchSize ?? 500;
  const interval = options.flushIntervalMs ?? 200;
  let buffer: TrialRow[] = [];
  let chain: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  let timer: NodeJS.Timeout | undefined;
  let written = 0;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (buffer.length === 0) return chain;
    const batch = buffer;
    buffer = [];
    chain = chain
      .then(() => writeTrials(runId, batch))
      .then(() => void (written += batch.length))
      .catch((error: Error) => void (failure ??= error));
    return chain;
  };

  return {
    add(row) {
      buffer.push(row);
      if (buffer.length >= batchSize) void flush();
      else timer ??= setTimeout(() => void flush(), interval);
    },
    async close() {
      await flush();
      if (failure) throw failure;
    },
    get written() {
      return written;
    },
  };
}

/** A finished trial as the trials table keeps it, under the task's database id. */
export function toTrialRow(trial: TrialResult, taskId: string): TrialRow {
  return {
    taskId,
    trialIndex: trial.trialIndex,
    verdict: trial.verdict,
    score: trial.score,
    output: trial.output,
    trajectory: trial.trajectory,
    finalState: trial.finalState,
    costUsd: trial.costUsd,
    latencyMs: trial.latencyMs,
    steps: trial.trajectory.length,
    // Why the runner ended the trial early (a stop); grader reasons live on the grader rows.
    error: trial.stop?.message ?? null,
    startedAt: new Date(trial.startedAt),
    finishedAt: new Date(trial.finishedAt),
    graders: trial.graders.map((g) => ({
      position: g.position,
      kind: g.kind,
      config: g.config,
      status: g.status,
      score: g.score ?? null,
      reason: g.step !== undefined ? `${g.reason} [step ${g.step + 1}]` : g.reason,
      shadow: g.shadow ?? false,
      judgeVersionId: g.judgeVersionId ?? null,
    })),
  };
}
