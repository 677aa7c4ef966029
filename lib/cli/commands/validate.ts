import { loadSuite } from "@/datasets/load";
import { SuiteError } from "@/datasets/errors";
import { databaseUrl } from "@/lib/database-url";
import { UsageError } from "../exit";
import { checkSuiteJudges, suiteJudgeTasks } from "../judge-option";
import type { RegisterCommand } from "./register";

/** Loads a suite or turns every problem in it into one usage error (exit 2, nothing written). */
export async function loadSuiteOrExplain(target: string) {
  try {
    return await loadSuite(target);
  } catch (error) {
    if (error instanceof SuiteError) {
      const n = error.issues.length;
      throw new UsageError(
        `the suite is invalid (${n} problem${n === 1 ? "" : "s"}); nothing was run or written:\n  ${error.message.split("\n").join("\n  ")}`,
      );
    }
    throw error;
  }
}

export const registerValidate: RegisterCommand = (program, { logger }) => {
  program
    .command("validate")
    .description("Check a suite (datasets/<suite>/suite.yaml or .json) without running it: exit 0 when valid, 2 naming every problem.")
    .argument("<suite>", "a suite folder (datasets/smoke), a suite file, or a suite name under datasets/")
    .option("--json", "print the suite's hash and its tasks' contract hashes as JSON")
    .option("--judge <judge-version>", "also check that this judge fits every judge task (as `gavel run --judge` would)")
    .action(async (target: string, options: { json?: boolean; judge?: string }) => {
      const suite = await loadSuiteOrExplain(target);
      // Judges live in the database: it is opened only when a task names one or --judge is given.
      if (options.judge !== undefined || suiteJudgeTasks(suite).some((t) => t.judgeRef)) {
        const { ensureMigrated } = await import("@/lib/db/ensure-migrated");
        const { disconnectDb } = await import("@/lib/db/client");
        try {
          await ensureMigrated(databaseUrl());
          await checkSuiteJudges(suite, options.judge);
        } finally {
          await disconnectDb();
        }
      }
      if (options.json) {
        logger.out(
          JSON.stringify(
            {
              name: suite.name,
              hash: suite.hash,
              threshold: suite.threshold,
              tasks: suite.tasks.map((t) => ({ id: t.id, contractHash: t.contractHash, graders: t.graders.map((g) => g.kind) })),
            },
            null,
            2,
          ),
        );
        return;
      }
      const kinds = new Map<string, number>();
      for (const g of suite.tasks.flatMap((t) => t.graders)) kinds.set(g.kind, (kinds.get(g.kind) ?? 0) + 1);
      const graders = [...kinds].map(([k, n]) => `${k} ×${n}`).join(", ");
      logger.out(
        `ok: suite ${suite.name}, ${suite.tasks.length} tasks, version ${suite.hash.slice(0, 12)}${suite.sandbox ? `, sandbox ${suite.sandbox.definition.name}` : ""}; graders: ${graders}`,
      );
    });
};
