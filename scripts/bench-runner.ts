/**
 * `npm run bench:runner`: the runner's throughput against a local HTTP agent with a fixed latency.
 * 2,000 tasks × 5 trials at concurrency 16 and 64, every trial graded and stored in a fresh
 * database, the run record written. Prints trials/s, peak RSS and wall time against the floor
 * tasks × trials × latency / concurrency. Figures, not a test: nothing here passes or fails.
 *
 *   npm run bench:runner [-- --tasks 2000 --trials 5 --latency 20 --concurrency 16,64]
 *   GAVEL_BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:runner   (PostgreSQL)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTempDatabase } from "../lib/db/temp-database";
import { printTable } from "./bench/table";
import { arg, runMain, startMockAgent } from "./bench/cli";
import { writeBenchSuite } from "./bench/suite";

const TASKS = Number(arg("tasks", "2000"));
const TRIALS = Number(arg("trials", "5"));
const LATENCY_MS = Number(arg("latency", "20"));
const CONCURRENCIES = arg("concurrency", "16,64").split(",").map(Number);
const TSX = ["--conditions=react-server", "--import", "tsx"];

function runOnce(args: string[], env: NodeJS.ProcessEnv): Promise<Record<string, number>> {
  const child = spawn(process.execPath, [...TSX, "scripts/bench/run-once.ts", ...args], { env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`run-once exited ${code}`)),
    );
  });
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-bench-"));
  const suiteFile = writeBenchSuite(dir, "suite.json", "bench", TASKS);
  const agent = await startMockAgent(LATENCY_MS, TSX);
  const base = process.env.GAVEL_BENCH_DATABASE_URL ?? `file:${path.join(dir, "base.db")}`;
  console.log(
    `Runner benchmark: ${TASKS} tasks × ${TRIALS} trials, HTTP agent with ${LATENCY_MS} ms latency, database ${base.startsWith("file:") ? "SQLite" : "PostgreSQL"}, node ${process.version}, ${os.cpus().length} CPUs\n`,
  );
  const rows: string[][] = [
    ["concurrency", "trials", "wall", "trials/s", "floor", "wall/floor", "runner CPU", "peak RSS", "stored", "load avg"],
  ];
  try {
    for (const concurrency of CONCURRENCIES) {
      const database = await createTempDatabase(base, { prefix: "gavel_bench" });
      try {
        const result = await runOnce([suiteFile, agent.url, String(TRIALS), String(concurrency), path.join(dir, "results")], {
          ...process.env,
          DATABASE_URL: database.url,
        });
        const floorMs = (TASKS * TRIALS * LATENCY_MS) / concurrency;
        rows.push([
          String(concurrency),
          String(result.trials),
          `${(result.wallMs! / 1000).toFixed(2)} s`,
          (result.trials! / (result.wallMs! / 1000)).toFixed(0),
          `${(floorMs / 1000).toFixed(2)} s`,
          `${(result.wallMs! / floorMs).toFixed(2)}×`,
          `${(result.cpuMs! / 1000).toFixed(2)} s`,
          `${(result.peakRssBytes! / 2 ** 20).toFixed(0)} MB`,
          `${result.stored}/${result.trials}`,
          os.loadavg()[0]!.toFixed(2),
        ]);
      } finally {
        await database.drop();
      }
    }
  } finally {
    agent.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(rows);
  console.log(
    "\nfloor = tasks × trials × latency / concurrency; runner CPU = user + system time of the runner process; load avg = the machine's 1-minute load when the run ended (other work on the machine slows every figure).",
  );
}

runMain(main);
