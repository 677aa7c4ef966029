import type { LoadedSuite } from "@/datasets/load";
import { loadSuite } from "@/datasets/load";
import { noteRunProblem, storeTrialOnce, taskIdsForRun, trialStored } from "@/lib/db/distributed";
import type { SharedLimits } from "@/lib/db/rate-limits";
import { saveSuiteVersion, suiteVersionInput } from "@/lib/db/suites";
import { toTrialRow } from "@/lib/db/trial-writer";
import { resolveAgent } from "@/lib/engine/agents";
import { preciseNow } from "@/lib/engine/deps";
import { runTrial } from "@/lib/engine/run-trial";
import type { Agent, TrialResult } from "@/lib/trial/types";
import { TrialJobSchema, type TrialJob } from "./queue";

/** A job this worker cannot run (its suite differs here, its agent will not load): pg-boss retries it, maybe on another machine. */
export class RefusedJob extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedJob";
  }
}

interface PreparedSuite {
  suite: LoadedSuite;
  taskIds: Map<string, string>;
}

/**
 * What a worker keeps between jobs: each suite version loaded once, each agent resolved once (an
 * agent may be a subprocess or hold connections) with the run's shared rate limits around its
 * requests, closed when the worker stops.
 */
export interface JobCache {
  suite(job: TrialJob): Promise<PreparedSuite>;
  agent(spec: string, limits?: TrialJob["limits"]): Promise<Agent>;
  close(): Promise<void>;
}

export function createJobCache(shared?: SharedLimits): JobCache {
  const suites = new Map<string, Promise<PreparedSuite>>();
  const agents = new Map<string, Promise<Agent>>();
  return {
    suite(job) {
      const key = `${job.suite}\0${job.suiteHash}`;
      let found = suites.get(key);
      if (!found) {
        found = prepareSuite(job);
        suites.set(key, found);
        // A refusal is not cached: the files may be fixed (a git pull) while the job waits for its retry.
        found.catch(() => suites.delete(key));
      }
      return found;
    },
    agent(spec, limits) {
      const key = limits ? `${spec}\0${JSON.stringify(limits)}` : spec;
      let found = agents.get(key);
      if (!found) {
        if (limits && !shared) throw new RefusedJob("this run has shared rate limits, and this worker has no limiter for them");
        const limiter = limits && shared ? shared.limiter(limits.key, limits) : undefined;
        found = resolveAgent(spec, { limiter }).catch((error: Error) => {
          agents.delete(key);
          throw new RefusedJob(`could not load the agent ${spec}: ${error.message}`);
        });
        agents.set(key, found);
      }
      return found;
    },
    async close() {
      await Promise.all(
        [...agents.values()].map((p) =>
          p.then(
            (a) => a.close?.(),
            () => undefined,
          ),
        ),
      );
      await shared?.close();
    },
  };
}

async function prepareSuite(job: TrialJob): Promise<PreparedSuite> {
  let suite: LoadedSuite;
  try {
    suite = await loadSuite(job.suite);
  } catch (error) {
    throw new RefusedJob(
      `could not load suite ${job.suite} (version ${job.suiteHash.slice(0, 12)}): ${(error as Error).message.split("\n")[0]}`,
    );
  }
  if (suite.hash !== job.suiteHash) {
    throw new RefusedJob(
      `suite ${job.suite} here is version ${suite.hash.slice(0, 12)}, the run needs ${job.suiteHash.slice(0, 12)}: update this worker's copy of the suite`,
    );
  }
  // The version is stored already (the run made it); this finds its task ids.
  const { taskIds } = await saveSuiteVersion(suiteVersionInput(suite));
  return { suite, taskIds };
}

export interface JobOutcome {
  /** Stored by this job, or found stored already (an earlier attempt got that far). */
  status: "stored" | "already-stored";
  verdict?: TrialResult["verdict"];
}

/**
 * Runs one trial job exactly as a local run runs a trial (lib/engine/run-trial: fresh sandbox,
 * budgets, graders) and stores it once. A refusal is noted on the run, so people see why a worker
 * would not take its jobs, and thrown, so pg-boss retries the job.
 */
export async function runTrialJob(data: unknown, context: { cache: JobCache; workerId: string; attempt: number }): Promise<JobOutcome> {
  const job = TrialJobSchema.parse(data);
  let prepared: PreparedSuite;
  let agent: Agent;
  try {
    prepared = await context.cache.suite(job);
    agent = await context.cache.agent(job.agentSpec, job.limits);
  } catch (error) {
    if (error instanceof RefusedJob) await noteRunProblem(job.runId, `worker ${context.workerId}: ${error.message}`).catch(() => undefined);
    throw error;
  }
  const task = prepared.suite.tasks.find((t) => t.id === job.taskId);
  const taskDbId = prepared.taskIds.get(job.taskId);
  if (!task || !taskDbId) throw new RefusedJob(`suite ${job.suite} has no task "${job.taskId}"`);
  if (await trialStored(job.runId, taskDbId, job.trialIndex)) return { status: "already-stored" };
  const trial = await runTrial(task, job.trialIndex, {
    runId: job.runId,
    agent,
    sandbox: prepared.suite.sandbox?.definition ?? null,
    now: preciseNow,
  });
  const stored = await storeTrialOnce(job.runId, toTrialRow(trial, taskDbId), { id: context.workerId, attempts: context.attempt });
  return { status: stored ? "stored" : "already-stored", verdict: trial.verdict };
}

/**
 * A job pg-boss gave up on (its last attempt failed, or its worker died and the job expired): the
 * trial is stored as an error with the reason, so the run completes and says what happened.
 */
export async function storeFailedTrialJob(
  data: unknown,
  output: unknown,
  context: { workerId: string; attempts: number },
): Promise<JobOutcome> {
  const job = TrialJobSchema.parse(data);
  // This worker may not be able to load the suite either: the stored version still names the tasks.
  const taskIds = await taskIdsForRun(job.runId);
  const taskDbId = taskIds.get(job.taskId);
  if (!taskDbId) throw new Error(`run ${job.runId}: its suite version has no task "${job.taskId}"`);
  const now = new Date();
  const reason = failureReason(output, context.attempts);
  const stored = await storeTrialOnce(
    job.runId,
    {
      taskId: taskDbId,
      trialIndex: job.trialIndex,
      verdict: "error",
      score: null,
      output: null,
      trajectory: [],
      finalState: null,
      costUsd: null,
      latencyMs: 0,
      steps: 0,
      error: reason,
      startedAt: now,
      finishedAt: now,
      graders: [],
    },
    { id: context.workerId, attempts: context.attempts },
  );
  return { status: stored ? "stored" : "already-stored", verdict: "error" };
}

/** Why pg-boss gave up, in words: its timeout message means the worker running the trial stopped. */
export function failureReason(output: unknown, attempts: number): string {
  const message = messageOf(output);
  const tries = `${attempts} attempt${attempts === 1 ? "" : "s"}`;
  if (/failed by timeout in active state/.test(message))
    return `no worker finished this trial in ${tries}: the last worker to take it stopped (killed, crashed or lost) and its job expired`;
  return `no worker finished this trial in ${tries}: ${message || "no reason given"}`;
}

function messageOf(output: unknown): string {
  if (!output || typeof output !== "object") return typeof output === "string" ? output : "";
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === "string") return o.message;
  return messageOf(o.value);
}
