/**
 * First-start demo data, after the demo accounts (prisma/seed.ts), on an empty database outside
 * production mode (GAVEL_DEMO=0 turns it off): the two public judge-vs-human data sets from the
 * repository's datasets/ folder, and three runs made the way `gavel run` makes them (the smoke suite
 * with its stub agent; the refund suite with the reference and with the regressed agent), so every
 * page has real content. Each step prints a line with its time.
 *
 * The imports commit in bounded units (lib/db/write-units.ts), not in one transaction as a person's
 * `gavel import` does: the seeding runs behind a served app, and on SQLite one long transaction held the
 * write lock past the 10 s a sign-in waits for it, so signing in during the seeding failed.
 */
import path from "node:path";
import { loadSuite } from "../datasets/load";
import { dataDir } from "../lib/database-url";
import { importHanna, importLlmbar } from "../lib/judging/import-datasets";
import { resolveAgent } from "../lib/engine/agents";
import { localDeps } from "../lib/cli/deps-local";
import { runSuite } from "../lib/engine/run-suite";
import { DEMO_RUNS } from "./demo-runs";

export { DEMO_RUNS };

/** Whether the first start should seed the demo data (GAVEL_DEMO=0 turns it off). */
export function demoEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return !["0", "false", "no", "off"].includes((env.GAVEL_DEMO ?? "").trim().toLowerCase());
}

/** LLMBar, HANNA, then each demo run. */
export const DEMO_STEPS = 2 + DEMO_RUNS.length;

export interface SeedOptions {
  /** Steps already done by an earlier start that was stopped mid-way: they are skipped. */
  from?: number;
  /** Called before each step (done = steps finished so far) and once at the end (done = DEMO_STEPS). */
  onStep?: (done: number, detail: string) => Promise<void> | void;
}

export async function seedDemoData(
  log: (line: string) => void = console.log,
  root = process.cwd(),
  options: SeedOptions = {},
): Promise<{ seconds: number }> {
  const started = Date.now();
  const steps = DEMO_STEPS;
  const from = options.from ?? 0;
  let step = 0;
  const timed = async <T>(what: string, fn: () => Promise<T>, done: (value: T) => string): Promise<T | undefined> => {
    step++;
    if (step <= from) return undefined;
    await options.onStep?.(step - 1, what);
    const t = Date.now();
    log(`[gavel] Demo data ${step}/${steps}: ${what}…`);
    const value = await fn();
    log(`[gavel] Demo data ${step}/${steps}: ${done(value)} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    return value;
  };
  await timed(
    "importing LLMBar (datasets/llmbar)",
    () => importLlmbar(path.join(root, "datasets", "llmbar"), { commits: "bounded" }),
    (r) =>
      `LLMBar: ${r.counts.transcripts.created} pairwise items, ${r.counts.judgeVersions.created} judge versions, ${r.counts.verdicts.created} verdicts, ${r.counts.calibrations} calibrations`,
  );
  await timed(
    "importing HANNA (datasets/hanna)",
    () => importHanna(path.join(root, "datasets", "hanna", "hanna_metric_scores_llm.csv"), { commits: "bounded" }),
    (r) =>
      `HANNA: ${r.counts.transcripts.created} graded items, ${r.counts.labels} human ratings, ${r.counts.judgeVersions.created} judge versions, ${r.counts.calibrations} calibrations`,
  );
  const outDir = path.join(dataDir(), "results");
  for (const demo of DEMO_RUNS) {
    await timed(
      `running ${path.basename(demo.suite)} with ${demo.agent.split("#")[1]} (${demo.trials} trial${demo.trials === 1 ? "" : "s"} per task)`,
      async () => {
        const suite = await loadSuite(path.join(root, demo.suite));
        const agent = await resolveAgent(demo.agent);
        try {
          return await runSuite(suite, { trials: demo.trials, concurrency: 4, source: demo.source }, localDeps({ agent, outDir }));
        } finally {
          await agent.close?.();
        }
      },
      ({ record }) =>
        `run ${record.runId}: pass rate ${((record.summary.passRate ?? 0) * 100).toFixed(1)}%, gate ${record.summary.gate.passed ? "passed" : "failed"}`,
    );
  }
  await options.onStep?.(steps, "ready");
  const seconds = (Date.now() - started) / 1000;
  log(`[gavel] Demo data ready in ${seconds.toFixed(1)} s (GAVEL_DEMO=0 skips it).`);
  return { seconds };
}
