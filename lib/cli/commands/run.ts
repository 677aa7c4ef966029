import { writeFileSync } from "node:fs";
import { Option } from "commander";
import { z } from "zod";
import { AGENT_SPEC_HELP, AgentSpecError, resolveAgent } from "@/lib/engine/agents";
import { productionDeps } from "@/lib/engine/deps-production";
import { recordSummary } from "@/lib/engine/record";
import { runSuite } from "@/lib/engine/run-suite";
import { databaseUrl } from "@/lib/database-url";
import { disconnectDb } from "@/lib/db/client";
import { ensureMigrated } from "@/lib/db/ensure-migrated";
import { EXIT, UsageError } from "../exit";
import { addJudgeOptions, resolveJudge } from "../judge-option";
import { createProgress } from "../progress";
import { renderJunit } from "../report/junit";
import { renderTable } from "../report/table";
import { loadSuiteOrExplain } from "./validate";
import type { RegisterCommand } from "./index";

const OptionsSchema = z.object({
  agent: z.string().min(1),
  trials: z.coerce.number({ error: "--trials must be a number" }).int("--trials must be a whole number").min(1, "--trials must be at least 1").max(1000),
  concurrency: z.coerce.number({ error: "--concurrency must be a number" }).int("--concurrency must be a whole number").min(1, "--concurrency must be at least 1").max(1024),
  threshold: z.coerce.number({ error: "--threshold must be a number" }).min(0, "--threshold is a rate in [0, 1]").max(1, "--threshold is a rate in [0, 1]").optional(),
  out: z.string().min(1),
  junit: z.string().min(1).optional(),
  json: z.boolean().optional(),
});

function parseOptions(raw: Record<string, unknown>) {
  const parsed = OptionsSchema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join("; "));
  return parsed.data;
}

export const registerRun: RegisterCommand = (program, { logger }) => {
  const command = program
    .command("run")
    .description("Run every task of a suite k times against an agent, grade each trial, store the run and gate on the pass rate (exit 0 pass, 1 fail, 2 bad input).")
    .argument("<suite>", "a suite folder (datasets/smoke), a suite file, or a suite name under datasets/")
    .requiredOption("--agent <spec>", `the agent: ${AGENT_SPEC_HELP}`)
    .option("--trials <k>", "trials per task", "1")
    .option("--concurrency <c>", "trials in flight at once", "4")
    .option("--threshold <x>", "pass-rate threshold in [0, 1] (default: the suite's)")
    .option("--out <dir>", "folder for the run record <run-id>.json", "results")
    .option("--junit <file>", "also write a JUnit XML report")
    .addOption(new Option("--json", "print the run summary as JSON on stdout instead of the table"));
  addJudgeOptions(command).action(async (target: string, raw: Record<string, unknown>) => {
    const options = parseOptions(raw);
    // Everything that can be wrong with the input is checked before anything is written.
    const suite = await loadSuiteOrExplain(target);
    let agent;
    try {
      agent = await resolveAgent(options.agent);
    } catch (error) {
      if (error instanceof AgentSpecError) throw new UsageError(`--agent: ${error.message}`);
      throw error;
    }
    await ensureMigrated(databaseUrl());
    const judge = await resolveJudge(raw, { suite, logger });
    const progress = options.json ? null : createProgress(process.stderr);
    try {
      const deps = productionDeps({ agent, judge, outDir: options.out, onProgress: progress?.update });
      const { record, recordPath } = await runSuite(suite, { trials: options.trials, concurrency: options.concurrency, threshold: options.threshold }, deps);
      progress?.stop();
      if (options.junit) writeFileSync(options.junit, renderJunit(record));
      logger.out(options.json ? JSON.stringify(recordSummary(record, recordPath), null, 2) : renderTable(record, recordPath));
      process.exitCode = record.summary.gate.passed ? EXIT.ok : EXIT.gateFailed;
    } finally {
      progress?.stop();
      await agent.close?.();
      await disconnectDb();
    }
  });
};
