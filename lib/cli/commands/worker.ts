import { z } from "zod";
import { disconnectDb } from "@/lib/db/client";
import { ensureMigrated } from "@/lib/db/ensure-migrated";
import { sharedRateLimits } from "@/lib/db/rate-limits";
import { openQueue } from "@/lib/distributed/queue";
import { startWorker, workerId } from "@/lib/distributed/worker";
import { requirePostgres } from "../distributed";
import { parseFlags } from "../user-input";
import type { RegisterCommand } from "./register";

const QUEUES = ["runs"] as const;

const WorkerFlagsSchema = z.object({
  concurrency: z.coerce
    .number({ error: "--concurrency must be a number" })
    .int("--concurrency must be a whole number")
    .min(1, "--concurrency must be at least 1")
    .max(1024, "--concurrency is at most 1024"),
  queues: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((q) => q.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0, "--queues needs at least one queue")
    .superRefine((list, ctx) => {
      for (const q of list) {
        if (q === "judges")
          ctx.addIssue({ code: "custom", message: "--queues judges: judge runs are not distributed yet; use --queues runs" });
        else if (!(QUEUES as readonly string[]).includes(q))
          ctx.addIssue({ code: "custom", message: `--queues: unknown queue "${q}" (known: ${QUEUES.join(", ")})` });
      }
    }),
  checkExpiredEvery: z.coerce
    .number({ error: "--check-expired-every must be a number of seconds" })
    .int("--check-expired-every must be whole seconds")
    .min(1, "--check-expired-every must be at least 1 s")
    .max(3600),
  maxJobs: z.coerce.number().int().min(1).optional(),
});

export const registerWorker: RegisterCommand = (program, { logger }) => {
  program
    .command("worker")
    .description(
      "Take trials of distributed runs (gavel run --distributed) from the PostgreSQL job queue and run them exactly as a local run does, until stopped (SIGINT/SIGTERM finish the trials in flight).",
    )
    .option("--concurrency <n>", "trials in flight at once in this worker", "4")
    .option("--queues <list>", "which queues to take jobs from (runs)", "runs")
    .option("--check-expired-every <s>", "how often (seconds) the queue looks for jobs whose worker vanished, to retry them", "10")
    .option("--max-jobs <n>", "stop after this many jobs (tests, benchmarks)")
    .action(async (raw: Record<string, unknown>) => {
      const flags = parseFlags(WorkerFlagsSchema, raw);
      const url = requirePostgres("gavel worker");
      await ensureMigrated(url);
      // Past its last try openQueue throws and the worker exits non-zero, for a supervisor to restart.
      const boss = await openQueue(
        url,
        { maintenanceIntervalSeconds: flags.checkExpiredEvery, poolSize: Math.min(10, 2 + Math.ceil(flags.concurrency / 4)) },
        {
          attempts: 5,
          firstDelayMs: 500,
          onRetry: (attempt, error, delayMs) =>
            logger.warn(
              `queue setup failed (try ${attempt}): ${error instanceof Error ? error.message : String(error)}; trying again in ${delayMs / 1000} s`,
            ),
        },
      );
      // A 429 pause is worth a line, once per key and pause, not once per waiting trial.
      const pausesSeen = new Map<string, number>();
      const limits = sharedRateLimits(url, {
        holder: workerId(),
        onWait: (key, reason, ms) => {
          if (reason !== "paused" || (pausesSeen.get(key) ?? 0) > Date.now()) return;
          pausesSeen.set(key, Date.now() + ms);
          logger.warn(`rate limit: ${key} answered 429; every worker waits ${Math.ceil(ms / 1000)} s before its next request`);
        },
      });
      const worker = startWorker(boss, {
        concurrency: flags.concurrency,
        maxJobs: flags.maxJobs,
        limits,
        log: (line) => logger.warn(line),
      });
      logger.info(
        `worker ${worker.id}: taking trials from ${flags.queues.join(", ")} (concurrency ${flags.concurrency}); SIGINT/SIGTERM stops it after the trials in flight`,
      );
      const stop = (signal: NodeJS.Signals) => {
        logger.info(
          `worker ${worker.id}: ${signal}: finishing the trials in flight (again to stop at once; their jobs are then retried elsewhere)`,
        );
        worker.stop();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      try {
        await worker.done;
        logger.info(`worker ${worker.id}: stopped after ${worker.handled} jobs`);
      } finally {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
        await disconnectDb();
      }
    });
};
