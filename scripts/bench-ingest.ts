/**
 * `npm run bench:ingest`: live OTLP ingestion under load. For each database (SQLite, then
 * PostgreSQL), a fresh database with one reviewer and a traces:ingest token, and a Gavel server
 * started as its own process on 127.0.0.1 (scripts/start.ts, no demo data, idle window 2 s). Then
 * `--exporters` (10) concurrent OpenTelemetry OTLP/HTTP protobuf exporters — the SDK's own
 * @opentelemetry/exporter-trace-otlp-proto — each send back-to-back requests of `--traces` (50)
 * two-span GenAI conversations recorded by the SDK, for `--seconds` (15). Printed: spans per second
 * acknowledged over the sending phase, request latency p50/p95/max, then, after the server has
 * closed every trace, spans in (acknowledged) against spans stored (in closed traces + still open)
 * and transcripts against traces. Bounded: the sending phase by time, the drain by 180 s.
 *
 *   npm run bench:ingest [-- --db sqlite|postgres|both --seconds 15 --exporters 10 --traces 50 --port 3197]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { createApiToken } from "../lib/db/api-tokens";
import { db, disconnectDb } from "../lib/db/client";
import { ensureMigrated } from "../lib/db/ensure-migrated";
import { ingestOverview } from "../lib/db/ingest";
import { createTempDatabase } from "../lib/db/temp-database";
import { recordConversation } from "../lib/testing/otel-spans";
import { arg, runMain } from "./bench/cli";

const DATABASES = arg("db", "both") === "both" ? ["sqlite", "postgres"] : [arg("db", "both")];
const SECONDS = Number(arg("seconds", "15"));
const EXPORTERS = Number(arg("exporters", "10"));
const TRACES = Number(arg("traces", "50"));
const PORT = Number(arg("port", "3197"));
const PG_URL = process.env.GAVEL_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const AIM_SPANS_PER_S = 2000;
const AIM_P95_MS = 100;
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1) + 0.5))]!;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** One request's worth of spans: TRACES conversations of two spans each, recorded by the SDK. */
function batch(exporter: number, request: number): ReadableSpan[] {
  return Array.from({ length: TRACES }, (_, i) =>
    recordConversation(
      `Question ${exporter}-${request}-${i}: where is my order?`,
      `Answer ${exporter}-${request}-${i}: it ships.`,
      `bench-${exporter}`,
    ),
  ).flat();
}

async function startServer(url: string, dir: string): Promise<ChildProcess> {
  const app = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      GAVEL_DATA_DIR: dir,
      GAVEL_DEMO: "0",
      GAVEL_INGEST_IDLE_S: "2",
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      NEXTAUTH_URL: base,
      GAVEL_LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${base}/api/health`).catch(() => null);
    if (response?.ok) return app;
    if (Date.now() - started > 15 * 60_000) throw new Error("the server did not answer within 15 minutes");
    await sleep(250);
  }
}

interface Figures {
  database: string;
  spansPerSecond: number;
  p50: number;
  p95: number;
  max: number;
  requests: number;
  failed: number;
  spansIn: number;
  spansStored: number;
  tracesIn: number;
  transcripts: number;
  drainSeconds: number;
}

async function measure(database: string, token: string): Promise<Figures> {
  const latencies: number[] = [];
  let spansIn = 0;
  let tracesIn = 0;
  let failed = 0;
  // Warm-up: the first request compiles the route.
  const warm = new OTLPTraceExporter({ url: `${base}/v1/traces`, headers: { Authorization: `Bearer ${token}` } });
  const warmSpans = batch(-1, 0);
  await new Promise((resolve) => warm.export(warmSpans, resolve));
  spansIn += warmSpans.length;
  tracesIn += TRACES;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: EXPORTERS }, async (_, e) => {
      const exporter = new OTLPTraceExporter({
        url: `${base}/v1/traces`,
        headers: { Authorization: `Bearer ${token}` },
        timeoutMillis: 30_000,
      });
      for (let r = 0; performance.now() < deadline; r++) {
        const spans = batch(e, r);
        const t0 = performance.now();
        const result = await new Promise<{ code: number; error?: Error }>((resolve) => exporter.export(spans, resolve));
        latencies.push(performance.now() - t0);
        if (result.code === 0) {
          spansIn += spans.length;
          tracesIn += TRACES;
        } else {
          failed++;
          if (failed <= 3) console.error(`export failed: ${result.error?.message}`);
        }
      }
      await exporter.shutdown();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const drainStarted = performance.now();
  let overview = await ingestOverview(0);
  while (overview.pending.spans > 0 && performance.now() - drainStarted < 180_000) {
    await sleep(500);
    overview = await ingestOverview(0);
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  const closedSpans = overview.closed.reduce((n, c) => n + c.spans, 0);
  const transcripts = await db().ingestTrace.count({ where: { outcome: "transcript" } });
  latencies.sort((a, b) => a - b);
  return {
    database,
    spansPerSecond: (spansIn - warmSpans.length) / elapsed,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    max: latencies.at(-1)!,
    requests: latencies.length,
    failed,
    spansIn,
    spansStored: closedSpans + overview.pending.spans,
    tracesIn,
    transcripts,
    drainSeconds,
  };
}

async function main() {
  console.log(
    `bench:ingest ${new Date().toISOString()}: ${EXPORTERS} exporters × requests of ${TRACES} traces (${TRACES * 2} spans) for ${SECONDS} s per database; load average ${load()}`,
  );
  const results: Figures[] = [];
  for (const which of DATABASES) {
    const database = await createTempDatabase(which === "sqlite" ? "file:bench.db" : PG_URL, { prefix: "gavel_bench_ingest" });
    const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-bench-ingest-"));
    let app: ChildProcess | null = null;
    try {
      process.env.DATABASE_URL = database.url;
      await ensureMigrated(database.url);
      const user = await db().user.create({ data: { email: "bench-ingest@example.com", role: "reviewer", name: "bench" } });
      const { token } = await createApiToken(user, { name: "bench", scopes: ["traces:ingest"] });
      app = await startServer(database.url, dir);
      console.log(`${which}: server up (load average ${load()}); sending…`);
      results.push(await measure(which === "sqlite" ? "SQLite" : "PostgreSQL", token));
    } finally {
      if (app?.pid)
        try {
          process.kill(-app.pid, "SIGTERM");
        } catch {
          // already gone
        }
      await sleep(1000);
      await disconnectDb();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    "\n| Database | Spans/s acknowledged | Request p50 | p95 | max | Requests (failed) | Spans in → stored | Traces → transcripts | Drain after sending | Aims (≥ 2,000 spans/s; p95 < 100 ms) |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of results) {
    const lost = r.spansIn !== r.spansStored;
    console.log(
      `| ${r.database} | ${Math.round(r.spansPerSecond)} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.requests} (${r.failed}) | ${r.spansIn} → ${r.spansStored}${lost ? " LOST" : ""} | ${r.tracesIn} → ${r.transcripts} | ${r.drainSeconds.toFixed(1)} s | ${r.spansPerSecond >= AIM_SPANS_PER_S ? "met" : "missed"}; ${r.p95 < AIM_P95_MS ? "met" : "missed"} |`,
    );
    if (lost || r.tracesIn !== r.transcripts) process.exitCode = 1;
  }
  console.log(`\nload average after: ${load()}`);
}

runMain(main);
