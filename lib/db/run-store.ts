import "server-only";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { bulkExecute, bulkQuery, boolParam, jsonText, timestampParam, type Provider } from "./bulk";
import { databaseProvider, databaseUrl } from "../database-url";

/**
 * The run row as `gavel run` writes it — created, kept alive, finished, failed, interrupted,
 * resumed — and the stale-run sweep, in plain SQL on the bulk connection (lib/db/bulk.ts). A local
 * run never starts the Prisma client: loading its runtime and compiling its WebAssembly query
 * compiler was a third of a smoke run's time, for six statements. The web app reads these rows
 * through Prisma as usual; the columns and value formats here are the ones Prisma writes (ISO text
 * with an offset for SQLite timestamps, JSON as text, 0/1 booleans).
 */

/**
 * A distributed run's runner field: no "host:pid", because no one process owns the run while its
 * jobs wait in pg-boss (runnerGone leaves such runs alone).
 */
export const DISTRIBUTED_RUNNER = "pg-boss";

/** A running run whose heartbeat is older than this is taken for dead (its runner refreshes it every 10 s). */
export const STALE_AFTER_MS = 60_000;

const provider = (): Provider => databaseProvider(databaseUrl());

/** `?` placeholders as the provider numbers them; `casts` appends a PostgreSQL cast to the n-th. */
function sql(p: Provider, text: string, casts: Record<number, string> = {}): string {
  let n = 0;
  return text.replace(/\?/g, () => {
    n++;
    return p === "postgres" ? `$${n}${casts[n] ?? ""}` : "?";
  });
}

const TS = "::timestamp(3)";
const JSONB = "::jsonb";

/** A timestamp column as either driver returns it (ISO text, with or without an offset; SQLite's own default format). */
export function dbDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value);
  const text = String(value).replace(" ", "T");
  return new Date(/([zZ]|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
}

/** A JSON column: text from SQLite and from the PostgreSQL adapter alike. */
export function dbJson(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process nobody reaped yet (a container without an init) still answers signal 0.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/** Is this run's runner gone? On this host its process is checked directly; elsewhere the heartbeat tells. */
export function runnerGone(run: { runner: string | null; heartbeatAt: Date | null; startedAt: Date }, now = Date.now()): boolean {
  // A distributed run's trials wait in pg-boss, which retries them: no process's death stops it.
  if (run.runner === DISTRIBUTED_RUNNER) return false;
  const [host, pid] = (run.runner ?? "").split(/:(?=\d+$)/);
  if (host && pid && host === hostname() && Number(pid) !== process.pid) return !processAlive(Number(pid));
  return now - (run.heartbeatAt ?? run.startedAt).getTime() > STALE_AFTER_MS;
}

export interface NewRun {
  id: string;
  suiteVersionId: string;
  agentSpec: string;
  judgeVersionId: string | null;
  judgeState?: string | null;
  judgeVersionHash?: string | null;
  judgeCalibrationId?: string | null;
  trialsPerTask: number;
  concurrency: number;
  threshold: number;
  startedAt: Date;
  createdById?: string | null;
  agentLabel: string | null;
  gitCommit: string | null;
  gitBranch: string | null;
  ciJob: string | null;
  onDefaultBranch: boolean;
  /** "host:pid" of the process running it. */
  runner: string | null;
}

export async function createRun(input: NewRun): Promise<void> {
  const p = provider();
  const columns: [string, unknown, string?][] = [
    ["id", input.id],
    ["suite_version_id", input.suiteVersionId],
    ["agent_spec", input.agentSpec],
    ["judge_version_id", input.judgeVersionId],
    ["judge_state", input.judgeState ?? null],
    ["judge_version_hash", input.judgeVersionHash ?? null],
    ["judge_calibration_id", input.judgeCalibrationId ?? null],
    ["trials_per_task", input.trialsPerTask],
    ["concurrency", input.concurrency],
    ["threshold", input.threshold],
    ["status", "running", '::"RunStatus"'],
    ["started_at", timestampParam(p, input.startedAt), TS],
    ["heartbeat_at", timestampParam(p, new Date()), TS],
    ["created_by_id", input.createdById ?? null],
    ["agent_label", input.agentLabel],
    ["git_commit", input.gitCommit],
    ["git_branch", input.gitBranch],
    ["ci_job", input.ciJob],
    ["on_default_branch", boolParam(p, input.onDefaultBranch)],
    ["runner", input.runner],
  ];
  const casts = Object.fromEntries(columns.flatMap(([, , cast], i) => (cast ? [[i + 1, cast]] : [])));
  await bulkExecute(
    sql(p, `INSERT INTO "runs" (${columns.map(([c]) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`, casts),
    columns.map(([, v]) => v),
  );
}

/** The runner is alive: a run whose heartbeat stops is found interrupted (markStaleRuns). */
export async function heartbeat(id: string): Promise<void> {
  const p = provider();
  await bulkExecute(sql(p, `UPDATE "runs" SET "heartbeat_at" = ? WHERE "id" = ? AND "status" = 'running'`, { 1: TS }), [
    timestampParam(p, new Date()),
    id,
  ]);
}

async function interruptRuns(ids: string[], reason: string): Promise<void> {
  const p = provider();
  await bulkExecute(
    sql(
      p,
      `UPDATE "runs" SET "status" = 'interrupted', "summary" = ? WHERE "status" = 'running' AND "id" IN (${ids.map(() => "?").join(", ")})`,
      {
        1: JSONB,
      },
    ),
    [jsonText({ interrupted: reason }), ...ids],
  );
}

/** Stopped before it finished (Ctrl-C, SIGTERM): its stored trials stay; `gavel run --resume` continues it. */
export async function interruptRun(id: string, reason: string): Promise<void> {
  await interruptRuns([id], reason);
}

export interface RunTotals {
  gatePassed: boolean;
  passRate: number | null;
  scoredCount: number;
  passedCount: number;
  skippedCount: number;
  errorCount: number;
  flakyCount: number;
  costUsd: number | null;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  summary: unknown;
  recordPath: string | null;
  finishedAt: Date;
  baselineRunId: string | null;
}

export async function completeRun(id: string, totals: RunTotals): Promise<void> {
  const p = provider();
  await bulkExecute(
    sql(
      p,
      `UPDATE "runs" SET "status" = 'completed', "gate_passed" = ?, "pass_rate" = ?, "scored_count" = ?, "passed_count" = ?,
        "skipped_count" = ?, "error_count" = ?, "flaky_count" = ?, "cost_usd" = ?, "latency_p50_ms" = ?, "latency_p95_ms" = ?,
        "summary" = ?, "record_path" = ?, "finished_at" = ?, "baseline_run_id" = ? WHERE "id" = ?`,
      { 11: JSONB, 13: TS },
    ),
    [
      boolParam(p, totals.gatePassed),
      totals.passRate,
      totals.scoredCount,
      totals.passedCount,
      totals.skippedCount,
      totals.errorCount,
      totals.flakyCount,
      totals.costUsd,
      totals.latencyP50Ms,
      totals.latencyP95Ms,
      jsonText(totals.summary),
      totals.recordPath,
      timestampParam(p, totals.finishedAt),
      totals.baselineRunId,
      id,
    ],
  );
}

/** A run that could not finish: no gate verdict (neither pass nor fail), the error kept in its summary. */
export async function failRun(id: string, message: string, finishedAt: Date): Promise<void> {
  const p = provider();
  await bulkExecute(
    sql(p, `UPDATE "runs" SET "status" = 'error', "gate_passed" = NULL, "finished_at" = ?, "summary" = ? WHERE "id" = ?`, {
      1: TS,
      2: JSONB,
    }),
    [timestampParam(p, finishedAt), jsonText({ error: message }), id],
  );
}

/** Running again: the new runner owns it, with a fresh heartbeat. */
export async function resumeRun(id: string, runner: string): Promise<void> {
  const p = provider();
  await bulkExecute(
    sql(
      p,
      `UPDATE "runs" SET "status" = 'running', "runner" = ?, "heartbeat_at" = ?, "finished_at" = NULL, "gate_passed" = NULL WHERE "id" = ?`,
      {
        2: TS,
      },
    ),
    [runner, timestampParam(p, new Date()), id],
  );
}

/**
 * Marks runs whose runner died (killed, crashed, the machine went away) as interrupted, so nothing
 * shows "running" forever. Called when the web app lists runs and when the CLI starts a run.
 */
export async function markStaleRuns(now = Date.now()): Promise<string[]> {
  const rows = await bulkQuery(`SELECT "id", "runner", "heartbeat_at", "started_at" FROM "runs" WHERE "status" = 'running'`);
  const dead = rows
    .filter((r) =>
      runnerGone(
        { runner: (r.runner as string | null) ?? null, heartbeatAt: dbDate(r.heartbeat_at), startedAt: dbDate(r.started_at)! },
        now,
      ),
    )
    .map((r) => String(r.id));
  if (dead.length)
    await interruptRuns(dead, "the runner stopped without finishing (killed, crashed or lost): resume it with gavel run --resume");
  return dead;
}
