/**
 * `npm run bench:pages`: every page's server time with the demo data, on SQLite and on PostgreSQL. For each database
 * it starts the app the way the README does — `npm start` on an empty database in a fresh data folder: a new SQLite
 * file, or a new, empty PostgreSQL database on the server `--pg-url` names, given to `npm start` as DATABASE_URL — so
 * the first start migrates it and seeds LLMBar, HANNA and three runs. It waits until the demo data is complete, signs
 * in as the demo admin over HTTP, then requests each page `--requests` times on loopback after two warm-up requests.
 * The time is from request to the last byte of the HTML: the server's data, rendering and transfer. Pages with an id
 * (a run, a judge, a version, a label set, ...) take the first link of their kind found on the list pages.
 *
 * "Cold" is each page's first request by a person since the start (a list page's first request is the one that finds
 * the links); "warm" the timed requests. The start's own warm-up (scripts/start.ts: every page once, without a session,
 * before the demo data) is part of every `npm start`, so it is part of the start measured here; the benchmark adds none.
 *
 *   npm run bench:pages [-- --db sqlite|postgres|both --requests 10 --port 3198
 *                          --pg-url postgresql://postgres@127.0.0.1:5432/postgres]
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPostgresDatabase, dropPostgresDatabase, withDatabaseName } from "../lib/db/temp-database";
import { signInAsDemoAdmin } from "./bench/sign-in";
import { arg, runMain } from "./bench/cli";

const REQUESTS = Number(arg("requests", "10"));
const PORT = Number(arg("port", "3198"));
const PG_URL = arg("pg-url", "postgresql://postgres@127.0.0.1:5432/postgres");
const DATABASES = { sqlite: ["sqlite"], postgres: ["postgres"], both: ["sqlite", "postgres"] }[arg("db", "both")];
const AIM_MS = 300;
const AIM_HTML_KB = 200;
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg()[0]!;

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1) + 0.5))]!;

/** Each URL's first request since the start (its cold time), per database. */
let cold = new Map<string, number>();

async function get(url: string, cookie: string): Promise<{ status: number; html: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  const ms = performance.now() - started;
  if (!cold.has(url)) cold.set(url, ms);
  return { status: response.status, html, ms };
}

/** The first link on `page` whose path matches `pattern` (a page with an id to time). */
async function firstLink(page: string, pattern: RegExp, cookie: string): Promise<string | null> {
  const { html } = await get(`${base}${page}`, cookie);
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = match[1]!.replace(/&amp;/g, "&");
    if (pattern.test(href)) return href;
  }
  return null;
}

/** A fresh database for one start: a new SQLite file in the data folder (npm start's default), or a new PostgreSQL one. */
async function freshDatabase(which: string): Promise<{ url: string; label: string; drop: () => Promise<void> }> {
  if (which === "sqlite") return { url: "", label: "SQLite (a new file in a fresh data folder)", drop: async () => {} };
  const name = `gavel_bench_pages_${randomBytes(4).toString("hex")}`;
  await createPostgresDatabase(PG_URL, name);
  return {
    url: withDatabaseName(PG_URL, name),
    label: `PostgreSQL (a new, empty database ${name})`,
    drop: () => dropPostgresDatabase(PG_URL, name),
  };
}

async function benchOne(which: string) {
  cold = new Map();
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-bench-pages-"));
  const database = await freshDatabase(which);
  const loads: number[] = [load()];
  const sampler = setInterval(() => loads.push(load()), 2_000);
  const started = Date.now();
  console.log(`\n## ${database.label}\n\nstarted ${new Date(started).toISOString()}, one-minute load before ${loads[0]!.toFixed(2)}`);
  const app = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      GAVEL_DATA_DIR: dir,
      PORT: String(PORT),
      NEXTAUTH_URL: base,
      GAVEL_LOG_LEVEL: "error",
    },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let logs = "";
  app.stdout!.on("data", (c: Buffer) => (logs += c.toString()));
  try {
    let served: number | null = null;
    for (;;) {
      const response = await fetch(`${base}/api/health?demo=ready`).catch(() => null);
      if (response && served === null) served = Date.now() - started;
      if (response?.status === 200) break;
      if (app.exitCode !== null) throw new Error(`npm start exited with ${app.exitCode}:\n${logs}`);
      if (Date.now() - started > 15 * 60_000) throw new Error(`the demo data was not ready after 15 minutes:\n${logs}`);
      await sleep(response ? 500 : 100);
    }
    const ready = Date.now() - started;
    console.log(
      `First start on the empty database: first answer after ${(served! / 1000).toFixed(1)} s, demo data complete after ${(ready / 1000).toFixed(1)} s`,
    );
    for (const line of logs.split("\n").filter((l) => /Build is current|Built in|Warmed|Demo data ready|Database:/.test(l)))
      console.log(`  ${line.trim()}`);

    const cookie = await signInAsDemoAdmin(base, dir);
    const pages: [string, string | null][] = [
      ["/runs", "/runs"],
      ["/runs/[id]", await firstLink("/runs", /^\/runs\/(?!compare)[^/?]+$/, cookie)],
      ["/runs/compare", "/runs/compare"],
      ["/label", "/label"],
      ["/label/[queueId]", await firstLink("/label", /^\/label\/c[a-z0-9]+$/, cookie)],
      ["/label/import", "/label/import"],
      ["/label/new", "/label/new"],
      ["/judges", "/judges"],
      ["/judges/[judgeId]", await firstLink("/judges", /^\/judges\/c[a-z0-9]+$/, cookie)],
      ["/judges/versions/[versionId]", await firstLink("/judges", /^\/judges\/versions\/c[a-z0-9]+$/, cookie)],
      ["/judges/datasets/llmbar", "/judges/datasets/llmbar"],
      // HANNA's three tables are tabs, each its own request: a person who opens one asks the server for it.
      ["/judges/datasets/hanna (ρ tab)", "/judges/datasets/hanna"],
      ["/judges/datasets/hanna?table=kappa", "/judges/datasets/hanna?table=kappa"],
      ["/judges/datasets/hanna?table=published", "/judges/datasets/hanna?table=published"],
      ["/judges/compare", "/judges/compare"],
      ["/judges/policy", "/judges/policy"],
      ["/judges/new", "/judges/new"],
      ["/suites", "/suites"],
      ["/suites/[name]", await firstLink("/suites", /^\/suites\/[^/?]+$/, cookie)],
      ["/users", "/users"],
      ["/users/tokens", "/users/tokens"],
      ["/audit", "/audit"],
    ];
    const queue = pages.find(([name]) => name === "/label/[queueId]")?.[1];
    if (queue) pages.push(["/label/[queueId]/agreement", `${queue}/agreement`], ["/label/[queueId]/item", `${queue}/item`]);

    console.log(`\n${REQUESTS} requests per page after 2 warm-up requests, signed in as admin:\n`);
    console.log(
      `| Page | cold | warm p50 | warm p95 | warm max | HTML | Aims: cold and warm p95 < ${AIM_MS} ms, HTML < ${AIM_HTML_KB} KB |\n| --- | --- | --- | --- | --- | --- | --- |`,
    );
    const missed: string[] = [];
    for (const [name, url] of pages) {
      if (!url) {
        console.log(`| ${name} | no link found | | | | | |`);
        missed.push(`${name} (no link found)`);
        continue;
      }
      const times: number[] = [];
      let bytes = 0;
      let status = 0;
      for (let i = 0; i < REQUESTS + 2; i++) {
        const r = await get(`${base}${url}`, cookie);
        status = r.status;
        bytes = Buffer.byteLength(r.html);
        if (i >= 2) times.push(r.ms);
      }
      times.sort((a, b) => a - b);
      const first = cold.get(`${base}${url}`)!;
      const p95 = quantile(times, 0.95);
      const kb = bytes / 1024;
      const misses = [
        status !== 200 && `HTTP ${status}`,
        first >= AIM_MS && "cold",
        p95 >= AIM_MS && "warm",
        kb >= AIM_HTML_KB && "HTML",
      ].filter(Boolean);
      if (misses.length) missed.push(`${name} (${misses.join(", ")})`);
      console.log(
        `| ${name}${status === 200 ? "" : ` (HTTP ${status})`} | ${first.toFixed(0)} ms | ${quantile(times, 0.5).toFixed(0)} ms | ${p95.toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms | ${kb.toFixed(0)} KB | ${misses.length ? `missed: ${misses.join(", ")}` : "met"} |`,
      );
    }
    loads.push(load());
    console.log(
      `\n${missed.length ? `Missed: ${missed.join("; ")}` : "Every page meets every aim."} One-minute load: ${loads[0]!.toFixed(2)} before, ${Math.min(...loads.slice(1)).toFixed(2)}–${Math.max(...loads.slice(1)).toFixed(2)} during; finished ${new Date().toISOString()}.`,
    );
  } finally {
    clearInterval(sampler);
    try {
      process.kill(-app.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    // The server's own shutdown waits up to 5 s for open connections; then it is ended.
    const exited = new Promise((resolve) => (app.exitCode !== null || app.signalCode !== null ? resolve(null) : app.once("exit", resolve)));
    if ((await Promise.race([exited, sleep(10_000).then(() => "late")])) === "late") {
      try {
        process.kill(-app.pid!, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

async function main() {
  if (!DATABASES) throw new Error(`--db must be sqlite, postgres or both (got "${arg("db", "both")}")`);
  console.log(`bench:pages on ${os.hostname()} (${os.cpus().length} cores), ${DATABASES.join(" then ")}`);
  for (const which of DATABASES) await benchOne(which);
}

runMain(main);
