import path from "node:path";
import type { RunDeps, RunLinks } from "@/lib/engine/deps";
import type { JudgeClient } from "@/lib/trial/judge";
import { writeRecordFile, type RunMeta, type RunRecord } from "@/lib/engine/record";
import type { RunSummary } from "@/lib/engine/reducers";
import type { Agent, TrialResult } from "@/lib/trial/types";
import { suiteVersionInput } from "@/lib/db/suite-versions";
import { toTrialRow } from "@/lib/db/trial-writer";
import { cliDepsBase } from "./deps-common";
import { UsageError } from "./exit";

export interface ServerOptions {
  agent: Agent;
  judge?: JudgeClient;
  server: string;
  token: string;
  outDir: string;
  onProgress?: (done: number, total: number) => void;
  /** Trials per request, and how long a trial may wait to be sent. */
  batchSize?: number;
  flushIntervalMs?: number;
  heartbeatMs?: number;
  /**
   * How long to keep retrying while the server cannot be reached (connection refused or reset,
   * 502/503/504): a server restart mid-run loses no trial. GAVEL_SERVER_RETRY_S, default 120.
   */
  retryForMs?: number;
  /** Told of each retry (the CLI prints one line per outage). */
  onRetry?: (what: string, attempt: number, delayMs: number) => void;
  fetch?: typeof fetch;
}

/** The server could not be reached or said it is briefly unavailable: worth another try. */
class Unreachable extends Error {}

const TRANSIENT = new Set([502, 503, 504]);

/** The server's answer was not what the protocol says: neither a pass nor a fail (exit 3). */
export class ServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ServerError";
  }
}

/**
 * The CLI's deps with a server: the run is announced, its trials are sent in batches while it runs
 * (off the trial's hot path), and the finished summary goes to the server, which evaluates the
 * baseline gates against the team's history and answers with the final verdict and the links. No
 * local database is touched; the run record is still written to --out.
 */
export function serverDeps(options: ServerOptions): RunDeps & { interrupt(reason: string): Promise<void>; runId(): string | null } {
  const doFetch = options.fetch ?? fetch;
  const base = options.server.replace(/\/+$/, "");
  const batchSize = options.batchSize ?? 200;
  const interval = options.flushIntervalMs ?? 1000;
  let current: string | null = null;
  let buffer: TrialResult[] = [];
  let chain: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  let timer: NodeJS.Timeout | undefined;
  let beat: NodeJS.Timeout | undefined;

  const retryForMs = options.retryForMs ?? 120_000;
  let reached = false;

  /** One request; retried while the server is unreachable, up to retryForMs (trial batches replace themselves, so a repeat is harmless). */
  async function call<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const deadline = Date.now() + retryForMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await callOnce<T>(method, pathname, body, attempt > 1);
        reached = true;
        return answer;
      } catch (error) {
        if (!(error instanceof Unreachable)) throw error;
        // Before the server has answered once, an unreachable server is more likely a wrong address
        // than a restart: say so at once rather than after minutes of retries.
        if (!reached) throw new ServerError(error.message);
        const left = deadline - Date.now();
        if (left <= 0) throw new ServerError(`${error.message} (gave up after retrying for ${Math.round(retryForMs / 1000)} s)`);
        const delayMs = Math.min(250 * 2 ** (attempt - 1), 5_000, left);
        options.onRetry?.(`${method} ${pathname}: ${error.message}`, attempt, delayMs);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  async function callOnce<T>(method: string, pathname: string, body: unknown, retried: boolean): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new Unreachable(
        `could not reach the server at ${base}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`,
      );
    }
    const text = await response.text().catch(() => "");
    if (TRANSIENT.has(response.status)) throw new Unreachable(`${base} answered HTTP ${response.status}`);
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // not JSON: reported below with the status
    }
    const why =
      typeof json.error === "string"
        ? json.error
        : Array.isArray(json.issues)
          ? json.issues.map((i: { path?: string; message?: string }) => `${i.path}: ${i.message}`).join("; ")
          : text.slice(0, 200);
    // A retried create whose first answer was lost finds its own run: that is success.
    if (retried && method === "POST" && pathname === "/api/runs" && response.status === 409) return {} as T;
    // A refused token or a bad request is the user's to fix: exit 2, like any bad input.
    if (response.status === 401 || response.status === 403)
      throw new UsageError(`the server refused the token (HTTP ${response.status}): ${why}`);
    if (response.status === 409 || response.status === 422 || response.status === 404)
      throw new UsageError(`the server refused ${method} ${pathname} (HTTP ${response.status}): ${why}`);
    if (!response.ok) throw new ServerError(`${method} ${pathname} failed on the server (HTTP ${response.status}): ${why}`);
    return json as T;
  }

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (buffer.length === 0 || !current) return chain;
    const batch = buffer;
    buffer = [];
    const runId = current;
    chain = chain
      .then(() => call("POST", `/api/runs/${encodeURIComponent(runId)}/trials`, { trials: batch.map(uploadRow) }))
      .then(() => undefined)
      .catch((error: Error) => void (failure ??= error));
    return chain;
  };

  const close = async () => {
    clearInterval(beat);
    await flush();
    if (failure) throw failure;
  };

  return {
    ...cliDepsBase(options, () => current),
    async beginRun(meta: RunMeta) {
      if (meta.resumed)
        throw new UsageError("--resume with --server is not supported yet: resume against the database that started the run");
      await call("POST", "/api/runs", {
        id: meta.runId,
        suite: suiteVersionInput(meta.suite),
        agentSpec: meta.agentSpec,
        source: meta.source,
        trialsPerTask: meta.trials,
        concurrency: meta.concurrency,
        threshold: meta.threshold,
        startedAt: meta.startedAt,
        baseline: meta.baseline,
      });
      current = meta.runId;
      // An empty batch is a heartbeat: the server sees the run alive while long trials run.
      beat = setInterval(() => {
        if (buffer.length === 0)
          chain = chain
            .then(() => call("POST", `/api/runs/${encodeURIComponent(meta.runId)}/trials`, { trials: [] }))
            .then(
              () => undefined,
              () => undefined,
            );
      }, options.heartbeatMs ?? 10_000);
      beat.unref();
    },
    saveTrial(trial) {
      buffer.push(trial);
      if (buffer.length >= batchSize) void flush();
      else timer ??= setTimeout(() => void flush(), interval);
    },
    // The history is the server's: it applies the baseline gates (the same applyBaselineGates) when the run finishes.
    findBaseline: null,
    async finishRun(record: RunRecord) {
      await close();
      const s = record.summary;
      const answer = await call<{ summary: RunSummary; links: RunLinks }>("POST", `/api/runs/${encodeURIComponent(record.runId)}/finish`, {
        finishedAt: record.finishedAt,
        summary: s,
        gatesConfig: record.config.gates,
        judge: record.judge,
        taskOrder: record.tasks.map((t) => t.id),
        tasks: Object.fromEntries(record.tasks.map((t) => [t.id, t.stats])),
      });
      const finished: RunRecord = { ...record, summary: answer.summary };
      const file = path.join(options.outDir, `${record.runId}.json`);
      writeRecordFile(file, finished);
      return { record: finished, recordPath: file, links: answer.links };
    },
    async abortRun(runId, error) {
      await close().catch(() => undefined);
      await call("POST", `/api/runs/${encodeURIComponent(runId)}/stop`, { status: "error", message: error.message.slice(0, 2000) }).catch(
        () => undefined,
      );
    },
    async interrupt(reason: string) {
      if (!current) return;
      await close().catch(() => undefined);
      await call("POST", `/api/runs/${encodeURIComponent(current)}/stop`, { status: "interrupted", message: reason }).catch(
        () => undefined,
      );
    },
  };
}

/** A trial as the upload protocol carries it: the database row, keyed by the task's id in the suite. */
function uploadRow(trial: TrialResult) {
  const row = toTrialRow(trial, trial.taskId);
  return { ...row, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt.toISOString(), steps: undefined };
}
