import "server-only";
import { createHash } from "node:crypto";
import { db, Prisma } from "./client";

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

const json = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue));

/** Writes a batch of trials and their grader results in one transaction; replaces any earlier copy. */
export async function writeTrials(runId: string, rows: TrialRow[]): Promise<void> {
  if (rows.length === 0) return;
  const trials = rows.map((row) => ({ id: trialId(runId, row.taskId, row.trialIndex), row }));
  await db().$transaction([
    db().trial.deleteMany({ where: { id: { in: trials.map((t) => t.id) } } }),
    db().trial.createMany({
      data: trials.map(({ id, row }) => ({
        id,
        runId,
        taskId: row.taskId,
        trialIndex: row.trialIndex,
        status: "done" as const,
        verdict: row.verdict,
        score: row.score,
        output: row.output,
        trajectory: json(row.trajectory),
        finalState: json(row.finalState),
        costUsd: row.costUsd,
        latencyMs: row.latencyMs,
        steps: row.steps,
        error: row.error,
        attempts: 1,
        startedAt: row.startedAt,
        finishedAt: row.finishedAt,
      })),
    }),
    db().graderResult.createMany({
      data: trials.flatMap(({ id, row }) =>
        row.graders.map((g) => ({
          id: `${id}-${g.position}`,
          trialId: id,
          position: g.position,
          kind: g.kind,
          config: json(g.config) as Prisma.InputJsonValue,
          status: g.status,
          score: g.score,
          reason: g.reason,
          shadow: g.shadow,
          judgeVersionId: g.judgeVersionId,
        })),
      ),
    }),
  ]);
}

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
