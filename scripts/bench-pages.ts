/**
 * `npm run bench:pages`: every page's server time with the demo data. Starts the app the way the
 * README does (`npm start` on an empty database in a fresh data folder, so the first start seeds
 * LLMBar, HANNA and three runs), waits until the demo data is complete, signs in as the demo admin
 * over HTTP, then requests each page `--requests` times on loopback after two warm-up requests. The
 * time is from request to the last byte of the HTML: the server's data, rendering and transfer.
 * Pages with an id (a run, a judge, a version, a label set, ...) take the first link of their kind
 * found on the list pages. Also prints the first start's figures: first served page, demo complete.
 * "Cold" is each page's first request since the start (nothing of it cached or compiled on demand
 * yet; a list page's first request is the one that finds the links); "warm" the timed requests.
 *
 *   npm run bench:pages [-- --requests 10 --port 3198]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signInAsDemoAdmin } from "./bench/sign-in";
import { arg, runMain } from "./bench/cli";

const REQUESTS = Number(arg("requests", "10"));
const PORT = Number(arg("port", "3198"));
const AIM_MS = 300;
const AIM_HTML_KB = 200;
/** Each URL's first request since the start: its cold time. */
const cold = new Map<string, number>();
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1) + 0.5))]!;

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

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-bench-pages-"));
  const started = Date.now();
  const app = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, DATABASE_URL: "", GAVEL_DATA_DIR: dir, PORT: String(PORT), NEXTAUTH_URL: base, GAVEL_LOG_LEVEL: "error" },
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
      if (Date.now() - started > 15 * 60_000) throw new Error(`the demo data was not ready after 15 minutes:\n${logs}`);
      await sleep(response ? 500 : 100);
    }
    const ready = Date.now() - started;
    console.log(
      `First start on an empty database (the build current): first answer after ${(served! / 1000).toFixed(1)} s, demo data complete after ${(ready / 1000).toFixed(1)} s (load average ${os.loadavg()[0]!.toFixed(2)})`,
    );

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
      ["/judges/datasets/hanna", "/judges/datasets/hanna"],
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

    console.log(
      `\n${REQUESTS} requests per page after 2 warm-up requests, signed in as admin (load average ${os.loadavg()[0]!.toFixed(2)}):\n`,
    );
    console.log(
      `| Page | cold | warm p50 | warm p95 | warm max | HTML | Aims: cold and warm p95 < ${AIM_MS} ms, HTML < ${AIM_HTML_KB} KB |\n| --- | --- | --- | --- | --- | --- | --- |`,
    );
    for (const [name, url] of pages) {
      if (!url) {
        console.log(`| ${name} | no link found | | | | | |`);
        continue;
      }
      const times: number[] = [];
      let bytes = 0;
      let status = 0;
      for (let i = 0; i < REQUESTS + 2; i++) {
        const r = await get(`${base}${url}`, cookie);
        status = r.status;
        bytes = r.html.length;
        if (i >= 2) times.push(r.ms);
      }
      times.sort((a, b) => a - b);
      const first = cold.get(`${base}${url}`)!;
      const p95 = quantile(times, 0.95);
      const kb = bytes / 1024;
      const missed = [first >= AIM_MS && "cold", p95 >= AIM_MS && "warm", kb >= AIM_HTML_KB && "HTML"].filter(Boolean);
      console.log(
        `| ${name}${status === 200 ? "" : ` (HTTP ${status})`} | ${first.toFixed(0)} ms | ${quantile(times, 0.5).toFixed(0)} ms | ${p95.toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms | ${kb.toFixed(0)} KB | ${missed.length ? `missed: ${missed.join(", ")}` : "met"} |`,
      );
    }
    console.log(
      `\nload average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    try {
      process.kill(-app.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await sleep(500);
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
