/**
 * `npm run bench:runner:cli`: the runner as a user runs it. `gavel run` (bin/gavel.mjs, a process of
 * its own, a fresh SQLite database each time, migrations, every trial graded and stored, the run
 * record written) against an HTTP agent in another process that answers after a fixed latency, timed
 * from start to exit. Beside it, in the same script and interleaved with it, the same workload through
 * a minimal reference loop in plain Node (scripts/bench/reference-loop.mjs): the ratio to that loop is
 * what Gavel costs over the least a runner can do on this machine at that moment.
 *
 *   npm run bench:runner:cli [-- --tasks 2000 --trials 5 --latency 20 --concurrency 16,64 --rounds 3]
 *
 * Per row: wall time (median of the rounds, and the range), the floor tasks × trials × latency /
 * concurrency, wall / floor, CPU per trial (user + system of the whole process, start-up included),
 * peak RSS (GNU time's maximum resident set size), and the one-minute load average during the rounds.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { median, timed, type Timed } from "./bench/timed";
import { arg, runMain, startMockAgent } from "./bench/cli";
import { writeBenchSuite } from "./bench/suite";

const TASKS = Number(arg("tasks", "2000"));
const TRIALS = Number(arg("trials", "5"));
const LATENCY_MS = Number(arg("latency", "20"));
const CONCURRENCIES = arg("concurrency", "16,64").split(",").map(Number);
const ROUNDS = Number(arg("rounds", "3"));
const AIMS: Record<number, number> = { 16: 1.1, 64: 1.3 };
const AIM_CPU_MS = 0.3;
const AIM_RSS_MB = 200;

const range = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-bench-cli-"));
  const suiteFile = writeBenchSuite(dir, "bench.json", "bench", TASKS);
  const agent = await startMockAgent(LATENCY_MS, ["--import", "tsx"]);
  const trials = TASKS * TRIALS;
  console.log(
    `Runner benchmark through the CLI: ${TASKS} tasks × ${TRIALS} trials, HTTP agent answering after ${LATENCY_MS} ms, fresh SQLite database per run, ${ROUNDS} rounds interleaved with the reference loop; node ${process.version}, ${os.cpus().length} CPUs, load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}\n`,
  );
  const rows: string[][] = [
    ["concurrency", "runner", "wall (median)", "wall (range)", "floor", "wall / floor", "aim", "CPU / trial", "peak RSS", "load avg"],
  ];
  const verdicts: string[] = [];
  try {
    for (const concurrency of CONCURRENCIES) {
      const runs: { ref: Timed[]; gavel: Timed[] } = { ref: [], gavel: [] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.ref.push(
          await timed(
            [
              process.execPath,
              "scripts/bench/reference-loop.mjs",
              suiteFile,
              agent.url,
              String(TRIALS),
              String(concurrency),
              path.join(dir, `ref-${round}.json`),
            ],
            { env: process.env },
          ),
        );
        const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, `gavel-${concurrency}-${round}.db`)}` };
        runs.gavel.push(
          await timed(
            [
              process.execPath,
              "bin/gavel.mjs",
              "run",
              suiteFile,
              "--agent",
              agent.url,
              "--trials",
              String(TRIALS),
              "--concurrency",
              String(concurrency),
              "--quiet",
              "--out",
              path.join(dir, "results"),
            ],
            { env },
          ),
        );
      }
      const floorS = (trials * LATENCY_MS) / concurrency / 1000;
      for (const [name, ms] of [
        ["reference loop", runs.ref],
        ["gavel run", runs.gavel],
      ] as const) {
        const walls = ms.map((m) => m.wallS);
        const ratio = median(walls) / floorS;
        const cpuPerTrial = median(ms.map((m) => (m.cpuS * 1000) / trials));
        const rss = median(ms.map((m) => m.rssMb));
        rows.push([
          String(concurrency),
          name,
          `${median(walls).toFixed(2)} s`,
          range(walls, (x) => x.toFixed(2)),
          `${floorS.toFixed(2)} s`,
          `${ratio.toFixed(2)}× (${range(walls, (x) => (x / floorS).toFixed(2))})`,
          name === "gavel run" ? `≤ ${AIMS[concurrency]?.toFixed(2) ?? "?"}×` : "",
          `${cpuPerTrial.toFixed(3)} ms`,
          `${rss.toFixed(0)} MB`,
          range(
            ms.map((m) => m.load),
            (x) => x.toFixed(2),
          ),
        ]);
        if (name === "gavel run") {
          const aim = AIMS[concurrency];
          if (aim)
            verdicts.push(
              `concurrency ${concurrency}: wall/floor ${ratio.toFixed(2)}× against ≤ ${aim}× — ${ratio <= aim ? "met" : "missed"}; reference loop ${(median(runs.ref.map((m) => m.wallS)) / floorS).toFixed(2)}×`,
            );
          verdicts.push(
            `concurrency ${concurrency}: CPU per trial ${cpuPerTrial.toFixed(3)} ms against ≤ ${AIM_CPU_MS} ms — ${cpuPerTrial <= AIM_CPU_MS ? "met" : "missed"}; peak RSS ${rss.toFixed(0)} MB against ≤ ${AIM_RSS_MB} MB — ${rss <= AIM_RSS_MB ? "met" : "missed"}`,
          );
        }
      }
    }
  } finally {
    agent.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
  console.log("");
  for (const line of verdicts) console.log(line);
  console.log(
    `\nfloor = tasks × trials × latency / concurrency; CPU / trial = user + system time of the whole process (start-up, migrations and the record included) / trials; load avg = 1-minute load when each run ended (other work on the machine slows every figure).`,
  );
}

runMain(main);
