import { z } from "zod";
import { requirePostgres } from "../distributed-db";
import { EXIT } from "../exit";
import { parseFlags } from "../user-input";
import type { RegisterCommand } from "./register";

const WaitFlagsSchema = z.object({
  out: z.string().min(1),
  junit: z.string().min(1).optional(),
  summaryMd: z.string().min(1).optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
  timeout: z.coerce.number({ error: "--timeout must be a number of seconds" }).positive("--timeout must be positive").optional(),
  stalledAfter: z.coerce
    .number({ error: "--stalled-after must be a number of seconds" })
    .positive("--stalled-after must be positive")
    .optional(),
});

export const registerWait: RegisterCommand = (program, { logger }) => {
  program
    .command("wait")
    .description(
      "Follow a distributed run (gavel run --distributed --detach) until every trial is stored, then finish it: the same report, gate and exit code as a local run (0 pass, 1 fail, 2 bad input, 3 timeout or error).",
    )
    .argument("<run-id>", "the id `gavel run --distributed --detach` printed")
    .option("--out <dir>", "folder for the run record <run-id>.json", "results")
    .option("--junit <file>", "also write a JUnit XML report")
    .option("--summary-md <file>", "also write a Markdown summary for the CI job page")
    .option("--timeout <s>", "give up following after this many seconds (exit 3; the run goes on)")
    .option(
      "--stalled-after <s>",
      "say the run is stalled, and why, once its jobs have waited this many seconds with no worker taking one",
      "60",
    )
    .option("--quiet", "no progress and no per-task rows: the verdict, failures, gates and exit code (warnings still said)")
    .option("--json", "print the run summary as JSON on stdout instead of the table")
    .action(async (runId: string, raw: Record<string, unknown>) => {
      const flags = parseFlags(WaitFlagsSchema, raw);
      requirePostgres("gavel wait");
      const [{ disconnectDb }, { FollowTimeout }, { followAndReport }] = await Promise.all([
        import("@/lib/db/client"),
        import("../distributed"),
        import("./run-distributed"),
      ]);
      try {
        await followAndReport(
          runId,
          { ...flags, timeoutMs: flags.timeout === undefined ? undefined : flags.timeout * 1000, stalledAfterSeconds: flags.stalledAfter },
          logger,
        );
      } catch (error) {
        if (!(error instanceof FollowTimeout)) throw error;
        logger.error(error.message);
        process.exitCode = EXIT.internal;
      } finally {
        await disconnectDb();
      }
    });
};
