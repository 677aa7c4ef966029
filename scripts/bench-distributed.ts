/**
 * `npm run bench:distributed`: distributed runs on PostgreSQL against a local HTTP agent that answers
 * after 200 ms. 2,000 tasks × 1 trial, once with 1 `gavel worker` at concurrency 16 and once with 4
 * worker processes at 16 each, each in a fresh database. Prints wall time, trials/s, the floor
 * (tasks × trials × latency / total concurrency) and the ratio to it. Figures, not a test.
 *
 *   flock /tmp/gavel-heavy.lock npm run bench:distributed [-- --tasks 2000 --latency 200 --concurrency 16 --workers 1,4]
 *   GAVEL_BENCH_DATABASE_URL=postgresql://…/postgres   (default postgresql://postgres@127.0.0.1:5432/postgres)
 *
 * wall = from the run's start (the row `gavel run --distributed` creates before it enqueues) to the
 * last trial stored: queueing, the workers' fetching, running, storing and completing the jobs. The
 * workers are started and ready before the run is queued (their start-up is not in the wall).
 * finish = `gavel wait` afterwards: folding the stored trials, the gates and the run record.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { db, disconnectDb } from "../lib/db/client";
import { deployMigrations } from "../lib/db/prisma-cli";
import { createTempDatabase } from "../lib/db/temp-database";
import { printTable } from "./bench/table";
import { arg, runMain, startMockAgent } from "./bench/cli";
import { writeBenchSuite } from "./bench/suite";

const TASKS = Number(arg("tasks", "2000"));
const LATENCY_MS = Number(arg("latency", "200"));
const CONCURRENCY = Number(arg("concurrency", "16"));
const WORKERS = arg("workers", "1,4").split(",").map(Number);
const GAVEL = path.resolve("bin/gavel.mjs");

function gavel(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [GAVEL, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A worker, resolved once it says it is taking trials. */
function startWorker(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [GAVEL, "worker", "--concurrency", String(CONCURRENCY)], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stderr!.on("data", (c: Buffer) => {
      stderr += c.toString();
      if (stderr.includes("taking trials")) resolve({ child, exited });
    });
    void exited.then((code) => reject(new Error(`worker exited ${code} before it was ready: ${stderr}`)));
  });
}

async function scenario(base: string, suiteFile: string, agentUrl: string, workers: number, resultsDir: string) {
  const database = await createTempDatabase(base, { prefix: "gavel_bench_dist" });
  const env = { ...process.env, DATABASE_URL: database.url };
  process.env.DATABASE_URL = database.url;
  try {
    await deployMigrations(database.url);
    const started = await Promise.all(Array.from({ length: workers }, () => startWorker(env)));
    try {
      const queued = await gavel(["run", suiteFile, "--agent", agentUrl, "--distributed", "--detach", "--baseline", "none"], env);
      if (queued.code !== 0) throw new Error(`gavel run --distributed failed: ${queued.stderr}`);
      const runId = queued.stdout.trim();
      for (;;) {
        if ((await db().trial.count({ where: { runId } })) >= TASKS) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const run = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { startedAt: true } });
      const last = await db().trial.aggregate({ where: { runId }, _max: { finishedAt: true } });
      const wallMs = last._max.finishedAt!.getTime() - run.startedAt.getTime();
      const load = os.loadavg()[0]!;
      const finishStart = Date.now();
      const waited = await gavel(["wait", runId, "--quiet", "--out", resultsDir], env);
      const finishMs = Date.now() - finishStart;
      const byWorker = await db().trial.groupBy({ by: ["workerId"], where: { runId }, _count: { _all: true } });
      return { wallMs, finishMs, load, gateCode: waited.code, spread: byWorker.map((w) => w._count._all).sort((a, b) => b - a) };
    } finally {
      for (const w of started) w.child.kill("SIGTERM");
      await Promise.all(started.map((w) => w.exited));
    }
  } finally {
    await disconnectDb();
    await database.drop();
  }
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-bench-dist-"));
  const suiteFile = writeBenchSuite(dir, "suite.json", "bench-distributed", TASKS);
  const base = process.env.GAVEL_BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const agent = await startMockAgent(LATENCY_MS, ["--import", "tsx"]);
  console.log(
    `Distributed benchmark: ${TASKS} tasks × 1 trial, HTTP agent answering after ${LATENCY_MS} ms, PostgreSQL, node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)} at start\n`,
  );
  const rows: string[][] = [["workers", "trials", "wall", "trials/s", "floor", "wall/floor", "finish", "per worker", "load avg"]];
  try {
    for (const workers of WORKERS) {
      const r = await scenario(base, suiteFile, agent.url, workers, path.join(dir, "results"));
      const floorMs = (TASKS * LATENCY_MS) / (workers * CONCURRENCY);
      rows.push([
        `${workers} × ${CONCURRENCY}`,
        String(TASKS),
        `${(r.wallMs / 1000).toFixed(2)} s`,
        (TASKS / (r.wallMs / 1000)).toFixed(1),
        `${(floorMs / 1000).toFixed(2)} s`,
        `${(r.wallMs / floorMs).toFixed(2)}×`,
        `${(r.finishMs / 1000).toFixed(2)} s (exit ${r.gateCode})`,
        r.spread.join("/"),
        r.load.toFixed(2),
      ]);
    }
  } finally {
    agent.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(rows);
  console.log(
    "\nwall = run start (before enqueueing) to the last trial stored; floor = tasks × latency / (workers × concurrency); finish = gavel wait folding the stored run; per worker = trials each worker stored; load avg = the machine's 1-minute load when the last trial was stored.",
  );
}

runMain(main);
