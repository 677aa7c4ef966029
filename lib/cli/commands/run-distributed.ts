import { z } from "zod";
import { checkBaselineRun } from "@/lib/db/baselines";
import { disconnectDb } from "@/lib/db/client";
import { findDistributedRun, saveDistributedPlan } from "@/lib/db/distributed";
import { ensureMigrated } from "@/lib/db/ensure-migrated";
import { enqueueTrials, JOB_DEFAULTS, openQueue, type TrialJob } from "@/lib/distributed/queue";
import { checkRateLimitable, rateLimitKey } from "@/lib/engine/agents";
import { defaultSource } from "@/lib/engine/run-suite";
import { newRunId, preciseNow } from "@/lib/engine/deps";
import type { RunMeta } from "@/lib/engine/record";
import { UserError } from "@/lib/errors";
import { localDeps } from "../deps-local";
import { finishDistributedRun, followRun, reportRun, requirePostgres } from "../distributed";
import { EXIT, UsageError } from "../exit";
import type { Logger } from "../logger";
import { resolveJudge } from "../judge-option";
import { createProgress } from "../progress";
import { agentFor, baselineRequest, parseRunFlags, runSource } from "../run-setup";
import { parseFlags } from "../user-input";
import { loadSuiteOrExplain } from "./validate";

const DistributedFlagsSchema = z.object({
  detach: z.boolean().optional(),
  jobRetries: z.coerce
    .number({ error: "--job-retries must be a number" })
    .int("--job-retries must be a whole number")
    .min(0, "--job-retries must be at least 0")
    .max(20, "--job-retries is at most 20")
    .optional(),
  jobExpiry: z.coerce
    .number({ error: "--job-expiry must be a number of seconds" })
    .int("--job-expiry must be whole seconds")
    .min(1, "--job-expiry must be at least 1 s")
    .max(23 * 3600, "--job-expiry is under 24 h (pg-boss's limit)")
    .optional(),
  rateLimitRpm: z.coerce
    .number({ error: "--rate-limit-rpm must be a number of requests per minute" })
    .int("--rate-limit-rpm must be a whole number")
    .min(1, "--rate-limit-rpm must be at least 1")
    .max(1_000_000, "--rate-limit-rpm is at most 1000000")
    .optional(),
  rateLimitConcurrent: z.coerce
    .number({ error: "--rate-limit-concurrent must be a number of requests" })
    .int("--rate-limit-concurrent must be a whole number")
    .min(1, "--rate-limit-concurrent must be at least 1")
    .max(10_000, "--rate-limit-concurrent is at most 10000")
    .optional(),
});

/** The job's shared limits, or undefined when the run asked for none; refused (exit 2) for agents Gavel does not call over HTTP. */
export function jobLimits(agentSpec: string, flags: { rateLimitRpm?: number; rateLimitConcurrent?: number }): TrialJob["limits"] {
  const limits = { requestsPerMinute: flags.rateLimitRpm, concurrentRequests: flags.rateLimitConcurrent };
  if (limits.requestsPerMinute === undefined && limits.concurrentRequests === undefined) return undefined;
  try {
    checkRateLimitable(agentSpec, limits);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const key = rateLimitKey(agentSpec)!;
  return {
    key,
    ...(limits.requestsPerMinute !== undefined ? { requestsPerMinute: limits.requestsPerMinute } : {}),
    ...(limits.concurrentRequests !== undefined ? { concurrentRequests: limits.concurrentRequests } : {}),
  };
}

/** Exit code when Ctrl-C stops the following (the run goes on in the workers). */
const EXIT_INTERRUPTED = 130;

/**
 * `gavel run SUITE --agent … --distributed`: creates the run, enqueues one pg-boss job per (task,
 * trial) and (unless --detach) follows it to the same summary, gate and exit code as a local run.
 */
export async function runDistributed(target: string, raw: Record<string, unknown>, logger: Logger): Promise<void> {
  const flags = parseRunFlags(raw);
  const extra = parseFlags(DistributedFlagsSchema, raw);
  if (!flags.agent) throw new UsageError("required option '--agent <spec>' not specified");
  if (flags.server)
    throw new UsageError("--distributed with --server is not supported: workers store trials straight in the shared PostgreSQL database");
  if (flags.resume)
    throw new UsageError("--distributed runs are not resumed: pg-boss retries their jobs; follow one with gavel wait RUN_ID");
  const limits = jobLimits(flags.agent, extra);
  const url = requirePostgres("--distributed");
  const suite = await loadSuiteOrExplain(target);
  // The agent must load here too: a typo fails now, not on every worker.
  const agent = await agentFor(flags.agent);
  await agent.close?.();
  await ensureMigrated(url);
  try {
    const judge = await resolveJudge(raw, { suite, logger });
    if (judge) throw new UsageError("--distributed with a judge is not supported yet: run suites with judge graders locally");
    const baseline = baselineRequest(flags.baseline);
    if (baseline !== "auto" && baseline !== "none") {
      try {
        await checkBaselineRun(baseline.runId);
      } catch (error) {
        if (error instanceof UserError) throw new UsageError(error.message);
        throw error;
      }
    }
    const trials = flags.trials ?? 1;
    const meta: RunMeta = {
      runId: newRunId(),
      startedAt: new Date(preciseNow()).toISOString(),
      suite,
      agentSpec: flags.agent,
      judge: undefined,
      trials,
      concurrency: flags.concurrency,
      threshold: flags.threshold ?? suite.threshold,
      source: defaultSource(flags.agent, runSource(flags, suite)),
      baseline,
      resumed: false,
    };
    await localDeps({ agent, outDir: flags.out, heartbeatMs: 2 ** 30 }).beginRun(meta);
    const longest = Math.max(...suite.tasks.map((t) => t.stop.maxWallClockS));
    const settings = {
      retryLimit: extra.jobRetries ?? JOB_DEFAULTS.retryLimit,
      expireInSeconds: extra.jobExpiry ?? Math.ceil(longest + JOB_DEFAULTS.expiryMarginSeconds),
    };
    const boss = await openQueue(url);
    try {
      await saveDistributedPlan(meta.runId, {
        suite: target,
        suiteHash: suite.hash,
        baseline,
        jobs: suite.tasks.length * trials,
        ...settings,
        ...(limits ? { limits } : {}),
      });
      await enqueueTrials(
        boss,
        { runId: meta.runId, suite: target, suiteHash: suite.hash, agentSpec: flags.agent, ...(limits ? { limits } : {}) },
        suite.tasks.map((t) => t.id),
        trials,
        settings,
      );
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    if (limits)
      logger.info(
        `Shared rate limits for ${limits.key}: ${[
          limits.requestsPerMinute !== undefined ? `${limits.requestsPerMinute} requests/min` : null,
          limits.concurrentRequests !== undefined ? `${limits.concurrentRequests} in flight` : null,
        ]
          .filter(Boolean)
          .join(", ")}, across all workers`,
      );
    if (extra.detach) {
      logger.info(
        `Run ${meta.runId}: ${suite.tasks.length * trials} trials queued for the workers (${settings.retryLimit} retries, jobs expire after ${settings.expireInSeconds} s). Follow it with: gavel wait ${meta.runId}`,
      );
      logger.out(meta.runId);
      return;
    }
    logger.info(
      `Run ${meta.runId}: ${suite.tasks.length * trials} trials queued; waiting for the workers (gavel worker). Ctrl-C stops following, not the run.`,
    );
    await followAndReport(
      meta.runId,
      { out: flags.out, json: flags.json, quiet: flags.quiet, junit: flags.junit, summaryMd: flags.summaryMd },
      logger,
    );
  } finally {
    await disconnectDb();
  }
}

export interface FollowFlags {
  out: string;
  json?: boolean;
  quiet?: boolean;
  junit?: string;
  summaryMd?: string;
  timeoutMs?: number;
  pollMs?: number;
  stalledAfterSeconds?: number;
}

/** Follows a distributed run to its end, finishes it and prints the report (run --distributed and gavel wait). */
export async function followAndReport(runId: string, flags: FollowFlags, logger: Logger): Promise<void> {
  const progress = flags.json || flags.quiet ? null : createProgress(process.stderr);
  const onSignal = () => {
    progress?.stop();
    logger.info(`Stopped following run ${runId}; it goes on in the workers. Follow it again with: gavel wait ${runId}`);
    process.exit(EXIT_INTERRUPTED);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const last = await followRun(runId, {
      progress,
      logger,
      quiet: flags.quiet || flags.json,
      timeoutMs: flags.timeoutMs,
      pollMs: flags.pollMs,
      stalledAfterSeconds: flags.stalledAfterSeconds,
    });
    progress?.stop();
    const run = (await findDistributedRun(runId))!;
    if (run.status === "completed") {
      // Someone else (another gavel wait) finished it: its verdict stands.
      logger.out(`Run ${runId} completed: gate ${run.gatePassed ? "PASSED" : "FAILED"}. Run record: ${run.recordPath ?? "not written"}`);
      process.exitCode = run.gatePassed ? EXIT.ok : EXIT.gateFailed;
      return;
    }
    if (last.status !== "running" || run.status !== "running")
      throw new UsageError(`run ${runId} is ${run.status}: nothing left to follow`);
    reportRun(await finishDistributedRun(run, flags.out), flags, logger);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    progress?.stop();
  }
}
