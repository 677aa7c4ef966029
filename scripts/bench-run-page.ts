/**
 * `npm run bench:run-page`: how long the server takes to render a big run's page. Stores a run of
 * 2,000 tasks × 5 trials (a tenth of the tasks failing, a tenth flaky; every trial graded and
 * stored by the real runner) in a fresh SQLite database, starts the app on it the README's way
 * (`npm start`: builds when the build is stale), signs in over HTTP and times each view of the run
 * page on loopback: the default view, the failing filter, a later page, a tag filter, one task
 * opened with its five trials. Figures, not a test.
 *
 *   npm run bench:run-page [-- --tasks 2000 --trials 5 --requests 20 --port 3199]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolveSuite } from "../datasets/load";
import { localDeps } from "../lib/cli/deps-local";
import { disconnectDb } from "../lib/db/client";
import { ensureMigrated } from "../lib/db/ensure-migrated";
import { runSuite } from "../lib/engine/run-suite";
import type { Agent } from "../lib/trial/types";
import { signInAsDemoAdmin } from "./bench/sign-in";
import { arg, runMain } from "./bench/cli";

const TASKS = Number(arg("tasks", "2000"));
const TRIALS = Number(arg("trials", "5"));
const REQUESTS = Number(arg("requests", "20"));
const PORT = Number(arg("port", "3199"));
const base = `http://127.0.0.1:${PORT}`;

async function storeRun(): Promise<string> {
  const tasks = Array.from({ length: TASKS }, (_, i) => ({
    id: `task-${String(i).padStart(4, "0")}`,
    prompt: `Answer ok (${i}).`,
    grader: "exact",
    expected: "ok",
    tags: { category: ["happy", "edge", "adversarial"][i % 3]!, difficulty: i % 2 ? "hard" : "easy" },
  }));
  const suite = await resolveSuite({ name: "bench-run-page", threshold: 0.5, tasks }, "/virtual/bench-run-page/suite.yaml");
  // Task i fails always when i % 10 == 3 and fails on odd trials when i % 10 == 7 (flaky).
  const agent: Agent = {
    spec: "bench:page",
    async run(input) {
      const i = Number(input.taskId.slice(5));
      return { output: i % 10 === 3 || (i % 10 === 7 && input.trialIndex % 2 === 1) ? "no" : "ok" };
    },
  };
  const started = performance.now();
  const { record } = await runSuite(
    suite,
    { trials: TRIALS, concurrency: 64 },
    localDeps({ agent, outDir: mkdtempSync(path.join(os.tmpdir(), "gavel-bench-page-results-")) }),
  );
  console.log(`stored run ${record.runId}: ${TASKS} tasks × ${TRIALS} trials in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return record.runId;
}

async function waitUntilUp(): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the app did not start");
}

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1) + 0.5))]!;

async function time(label: string, url: string, cookie: string, expect: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS + 2; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const html = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200 || !html.includes(expect)) throw new Error(`${label}: HTTP ${response.status}, expected text missing`);
    bytes = html.length;
    if (i >= 2) times.push(elapsed); // the first two warm the route
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${label} | ${quantile(times, 0.5).toFixed(0)} ms | ${quantile(times, 0.95).toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms | ${(bytes / 1024).toFixed(0)} KB |`,
  );
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-bench-page-"));
  const url = `file:${path.join(dir, "gavel.db")}`;
  process.env.DATABASE_URL = url;
  await ensureMigrated(url);
  const runId = await storeRun();
  await disconnectDb();

  const app = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, DATABASE_URL: url, GAVEL_DATA_DIR: dir, GAVEL_DEMO: "0", PORT: String(PORT), NEXTAUTH_URL: base },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  try {
    await waitUntilUp();
    const cookie = await signInAsDemoAdmin(base, dir);
    console.log(
      `\nRun page of a ${TASKS}-task × ${TRIALS}-trial run, ${REQUESTS} requests each on loopback (load average ${os.loadavg()[0]!.toFixed(2)}):\n`,
    );
    console.log("| View | p50 | p95 | max | HTML |\n| --- | --- | --- | --- | --- |");
    const page = `${base}/runs/${runId}`;
    await time("default (tasks 1–50, trials collapsed)", page, cookie, "task-0000");
    await time("failing filter", `${page}?status=failing`, cookie, "task-0003");
    await time("page 40 of 40", `${page}?page=40`, cookie, "task-1999");
    await time("tag filter (category=edge)", `${page}?tag=category%3Dedge`, cookie, "task-0001");
    await time("one task open (5 trials)", `${page}?task=task-0007&trial=2`, cookie, "Trial 2 of task-0007");
    console.log(`\nload average after: ${os.loadavg()[0]!.toFixed(2)}`);
  } finally {
    try {
      process.kill(-app.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
