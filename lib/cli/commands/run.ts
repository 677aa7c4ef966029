import { writeFileSync } from "node:fs";
import { Option } from "commander";
import { AGENT_SPEC_HELP } from "@/lib/engine/agents";
import type { RunOutcome } from "@/lib/engine/run-suite";
import { recordSummary } from "@/lib/engine/record";
import { runSuite } from "@/lib/engine/run-suite";
import { databaseUrl } from "@/lib/database-url";
import { checkBaselineRun } from "@/lib/db/baselines";
import { disconnectAll } from "@/lib/db/disconnect";
import { ensureMigrated } from "@/lib/db/ensure-migrated";
import type { ResumableRun } from "@/lib/db/run-resume";
import { markStaleRuns } from "@/lib/db/run-store";
import { UserError } from "@/lib/errors";
import { localDeps } from "../deps-local";
import { ServerError, serverDeps } from "../deps-server";
import { EXIT, UsageError } from "../exit";
import { addJudgeOptions, resolveJudge } from "../judge-option";
import { createProgress } from "../progress";
import { renderJunit } from "../report/junit";
import { renderLinks } from "../report/links";
import { renderLocalDiff } from "../report/local-diff";
import { renderSummaryMarkdown } from "../report/summary-md";
import { baselineStanding, comparedWith } from "../baseline-report";
import { localBaselineDiff } from "../local-diff";
import { renderTable } from "../report/table";
import { agentFor, baselineRequest, checkResume, parseRunFlags, runSource } from "../run-setup";
import { loadSuiteOrExplain } from "./validate";
import type { RegisterCommand } from "./register";

/** Exit code of a run stopped by Ctrl-C or SIGTERM (128 + SIGINT), the shell's convention. */
const EXIT_INTERRUPTED = 130;

/** A user error from the database layer (a bad --baseline or --resume) is bad usage: exit 2. */
async function asUsage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UserError) throw new UsageError(error.message);
    throw error;
  }
}

export const registerRun: RegisterCommand = (program, { logger }) => {
  const command = program
    .command("run")
    .description(
      "Run every task of a suite k times against an agent, grade each trial, store the run and gate on it (exit 0 pass, 1 fail, 2 bad input, 130 interrupted).",
    )
    .argument("<suite>", "a suite folder (datasets/smoke), a suite file, or a suite name under datasets/")
    .option("--agent <spec>", `the agent: ${AGENT_SPEC_HELP}`)
    .option("--trials <k>", "trials per task (default 1)")
    .option("--concurrency <c>", "trials in flight at once", "4")
    .option("--threshold <x>", "pass-rate threshold in [0, 1] (default: the suite's)")
    .option("--out <dir>", "folder for the run record <run-id>.json", "results")
    .option("--junit <file>", "also write a JUnit XML report (one test case per task and per gate)")
    .option("--summary-md <file>", "also write a Markdown summary for the CI job page (GitHub: $GITHUB_STEP_SUMMARY)")
    .option(
      "--agent-label <name>",
      "names the agent across code versions; comparable runs share it (default: the agent spec; env GAVEL_AGENT_LABEL)",
    )
    .option("--commit <sha>", "the commit under test (default: from CI variables)")
    .option("--branch <name>", "the branch under test (default: from CI variables)")
    .option("--ci-job <url>", "the CI job that made the run (default: from CI variables)")
    .option("--default-branch <name>", "runs on this branch become baselines (default: from CI variables, else main)")
    .option("--baseline <auto|none|run-id>", "what the operational and trend gates compare with", "auto")
    .option("--resume <run-id>", "continue an interrupted run: run only its missing trials")
    .option(
      "--server <url>",
      "send the run to a Gavel server instead of the local database (env GAVEL_SERVER); it evaluates the baseline gates against its history",
    )
    .option(
      "--token <token>",
      "a personal API token with the runs:write scope (env GAVEL_TOKEN; prefer the variable: flags show in process lists)",
    )
    .option(
      "--distributed",
      "queue the trials for `gavel worker` processes on any machine (PostgreSQL DATABASE_URL; see docs/distributed.md) and follow the run",
    )
    .option("--detach", "with --distributed: print the run id and return; `gavel wait RUN_ID` follows it later")
    .option("--job-retries <n>", "with --distributed: retries of a trial whose worker failed or vanished (default 2)")
    .option(
      "--job-expiry <s>",
      "with --distributed: seconds before a trial's job counts as lost and is retried (default: the longest max_wall_clock_s + 60)",
    )
    .option(
      "--rate-limit-rpm <n>",
      "with --distributed: requests per minute to the agent's endpoint (http agents) or model (openai:), held across all workers",
    )
    .option(
      "--rate-limit-concurrent <n>",
      "with --distributed: requests in flight at once to the agent's endpoint or model, held across all workers",
    )
    .option(
      "--base-url <url>",
      "the Gavel server whose pages the summary's links point to, for a run stored locally (env GAVEL_URL; with --server, the server)",
    )
    .option("--quiet", "no progress and no per-task rows: the verdict, failures, gates and exit code (warnings and errors still on stderr)")
    .addOption(new Option("--json", "print the run summary as JSON on stdout instead of the table"));
  addJudgeOptions(command).action(async (target: string, raw: Record<string, unknown>) => {
    // Loaded only when asked for: pg-boss is no part of a local run's start-up.
    if (raw.distributed) return (await import("./run-distributed")).runDistributed(target, raw, logger);
    for (const flag of ["detach", "jobRetries", "jobExpiry", "rateLimitRpm", "rateLimitConcurrent"]) {
      if (raw[flag] !== undefined) throw new UsageError(`--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} needs --distributed`);
    }
    const flags = parseRunFlags(raw);
    if (!flags.agent && !flags.resume) throw new UsageError("required option '--agent <spec>' not specified");
    // Everything that can be wrong with the input is checked before anything is written.
    const suite = await loadSuiteOrExplain(target);
    if (flags.server && raw.judge !== undefined)
      throw new UsageError("--judge with --server is not supported yet: judge versions live in the server's database");
    if (flags.server && flags.resume)
      throw new UsageError("--resume with --server is not supported yet: resume against the database that started the run");
    const given = flags.agent ? await agentFor(flags.agent) : null;
    const baseline = baselineRequest(flags.baseline);
    let resumable: ResumableRun | null = null;
    // A local run without --resume or --judge never starts the Prisma client (see lib/db/run-store.ts);
    // resuming reads the stored run and its trials through it.
    const resume = flags.resume ? await import("@/lib/db/run-resume") : null;
    let judge: Awaited<ReturnType<typeof resolveJudge>>;
    if (!flags.server) {
      await ensureMigrated(databaseUrl());
      // Judges live in the database: a judge that does not fit a task is refused before any run is written.
      judge = await resolveJudge(raw, { suite, logger });
      await markStaleRuns().catch(() => undefined);
      resumable = resume ? await asUsage(() => resume.findResumableRun(flags.resume!)) : null;
      if (resumable) checkResume(flags, suite, resumable);
      if (baseline !== "auto" && baseline !== "none") await asUsage(() => checkBaselineRun(baseline.runId));
    }
    const agent = given ?? (await agentFor(resumable!.agentSpec));
    const source = resumable
      ? {
          agentLabel: resumable.agentLabel,
          ...resumable.source,
          defaultBranch: runSource(flags, suite).defaultBranch,
        }
      : runSource(flags, suite);
    const existing = resumable && resume ? await resume.loadStoredTrials(resumable.id) : [];

    const progress = flags.json || flags.quiet ? null : createProgress(process.stderr);
    const deps = flags.server
      ? serverDeps({
          agent,
          server: flags.server,
          token: flags.token!,
          outDir: flags.out,
          onProgress: progress?.update,
          retryForMs: serverRetryMs(process.env.GAVEL_SERVER_RETRY_S),
          // One line when an outage starts; the trials keep running and are sent once it is back.
          onRetry: (what, attempt) => {
            if (attempt === 1) logger.warn(`${what}; retrying (GAVEL_SERVER_RETRY_S bounds how long)`);
          },
        })
      : localDeps({ agent, judge, outDir: flags.out, onProgress: progress?.update });
    let interrupted = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (interrupted) return;
      interrupted = true;
      progress?.stop();
      const id = deps.runId();
      void deps.interrupt(`stopped by ${signal}`).finally(() => {
        if (id) logger.info(`Interrupted: run ${id} keeps its finished trials. Continue it with: gavel run ${target} --resume ${id}`);
        process.exit(EXIT_INTERRUPTED);
      });
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    try {
      if (resumable) {
        const total = suite.tasks.length * resumable.trialsPerTask;
        logger.info(
          `Resuming run ${resumable.id}: ${existing.length} of ${total} trials already stored; running the other ${total - existing.length}.`,
        );
      }
      const outcome: RunOutcome = await runSuite(
        suite,
        {
          trials: resumable?.trialsPerTask ?? flags.trials ?? 1,
          concurrency: flags.concurrency,
          threshold: resumable?.threshold ?? flags.threshold,
          source,
          baseline,
          resume: resumable ? { runId: resumable.id, startedAt: resumable.startedAt.toISOString(), existing } : undefined,
        },
        deps,
      );
      progress?.stop();
      const { record, recordPath, links } = outcome;
      const diff = links?.baseline ?? (flags.server ? null : await localBaselineDiff(record));
      if (flags.junit) writeFileSync(flags.junit, renderJunit(record, links));
      if (flags.summaryMd)
        writeFileSync(flags.summaryMd, renderSummaryMarkdown(record, { links, diff, baseUrl: flags.server ?? flags.baseUrl ?? null }));
      // An unlabelled agent has no baseline for one reason, which the standing below says in full: said once.
      if (record.source.agentLabel) logger.info(comparedWith(record.summary.baseline));
      if (diff && !links) logger.info(renderLocalDiff(record, diff));
      // The pass rate reviewers would give (PPI++), the run page's number; from the local database only.
      // Loaded only here: a run without a judge (or without --json) never loads the database client for it.
      const humanEquivalent =
        flags.json && record.judge?.versionId && !flags.server ? await humanEquivalentOf(record.runId, record.judge.versionId) : null;
      logger.out(
        flags.json
          ? JSON.stringify({ ...recordSummary(record, recordPath), links: links ?? null, humanEquivalent }, null, 2)
          : [renderTable(record, recordPath, { quiet: flags.quiet }), ...(links ? ["", renderLinks(links)] : [])].join("\n"),
      );
      // After the verdict: whether this run can be a baseline is what to do next, not what happened.
      logger.info(baselineStanding(record.source, record.suite.file).message);
      process.exitCode = record.summary.gate.passed ? EXIT.ok : EXIT.gateFailed;
    } catch (error) {
      // The server could not be reached or broke the protocol: neither a pass nor a fail (exit 3).
      if (!(error instanceof ServerError)) throw error;
      logger.error(error.message);
      process.exitCode = EXIT.internal;
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      progress?.stop();
      await agent.close?.();
      await disconnectAll();
    }
  });
};

/** GAVEL_SERVER_RETRY_S: how long `--server` keeps retrying an unreachable server (default 120 s). */
export function serverRetryMs(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return 120_000;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds < 0) throw new UsageError(`GAVEL_SERVER_RETRY_S must be a number of seconds, not "${text}"`);
  return seconds * 1000;
}

async function humanEquivalentOf(runId: string, judgeVersionId: string) {
  const [{ judgeVerdictsWithGold }, { humanEquivalentPassRate }] = await Promise.all([
    import("@/lib/db/runs"),
    import("@/lib/judges/human-equivalent"),
  ]);
  return humanEquivalentPassRate(await judgeVerdictsWithGold(runId, judgeVersionId));
}
