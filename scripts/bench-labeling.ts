/**
 * `npm run bench:labeling`: "submit a label and load the next item", measured server-side, with
 * 1,000,000 transcripts in one queue and 20 reviewers labeling at once over loopback HTTP, first
 * as fast as the server answers (think time 0), then pausing about 200 ms between labels.
 *
 * For each database (a fresh SQLite file, and a fresh PostgreSQL database that is dropped after):
 * migrate, bulk-insert the transcripts and queue items (multi-row INSERTs in chunks, like
 * lib/db/bulk.ts's other writers), start a node:http server in this process whose handler does what
 * the labeling page does on a submit — submitLabel, nextItem, itemView — and time each handler call
 * from its first line to its last. 20 keep-alive clients (in a child process, as browsers would be)
 * each label in a loop. Prints p50/p95/p99, and the p50 of a bare `SELECT 1` at the time, since on a
 * busy machine the round trip, not the queries, sets the floor.
 * Figures, not a test: nothing here passes or fails. Sessions are not checked (no auth in the timing).
 *
 *   npm run bench:labeling [-- --transcripts 1000000 --reviewers 20 --labels 250 --warmup 10 --think 0,200 --db sqlite,postgres --keep]
 *   npm run bench:labeling -- --reuse <a URL --keep printed> --think 0   (measure again, no seeding)
 *   GAVEL_BENCH_PG_URL=postgresql://postgres@127.0.0.1:5432/postgres   (the PostgreSQL server; this is the default)
 */
import { Presets, SingleBar } from "cli-progress";
import { randomUUID } from "node:crypto";
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseProvider, databaseUrl } from "../lib/database-url";
import { bulkQuery, bulkTransaction, timestampParam } from "../lib/db/bulk";
import { db } from "../lib/db/client";
import { nextItemView } from "../lib/db/labeling/item";
import { nextItem } from "../lib/db/labeling/next";
import { countStatements } from "../lib/db/labeling/statement-count";
import { submitLabel } from "../lib/db/labeling/submit";
import { postJsonPooled } from "../lib/engine/agents/post-json";
import { orderKey } from "../lib/queues/items";
import { bulkInserter, TRANSCRIPT_COLUMNS, transcriptRow } from "./bench/bulk-insert";
import { onFreshDatabases, type DatabaseName } from "./bench/fresh-databases";
import { printTable } from "./bench/table";
import { percentile } from "./bench/timed";
import { arg, runMain } from "./bench/cli";

const TRANSCRIPTS = Number(arg("transcripts", "1000000"));
const REVIEWERS = Number(arg("reviewers", "20"));
const LABELS = Number(arg("labels", "250"));
const WARMUP = Number(arg("warmup", "10"));
const DATABASES = arg("db", "sqlite,postgres").split(",");
/** Pause between a reviewer's labels (mean, uniform ±50%): 0 is a closed loop as fast as the server answers. */
const THINK = arg("think", "0,200").split(",").map(Number);
/** Leave the databases in place (their URLs are printed) to look at query plans afterwards. */
const KEEP = process.argv.includes("--keep");
/** A database `--keep` left (its URL): measure it again without seeding (its queue "bench" and reviewers). */
const REUSE = arg("reuse", "") || undefined;
const PG_URL = process.env.GAVEL_BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const statements = countStatements();

function bar(title: string, total: number) {
  const progress = new SingleBar(
    { format: `${title.padEnd(18)} [{bar}] {percentage}% | {value}/{total} | {eta}s left`, hideCursor: true, etaBuffer: 20 },
    Presets.shades_classic,
  );
  progress.start(total, 0);
  return progress;
}

const bulkInsert = bulkInserter(bar);

async function seed(): Promise<{ queueId: string; reviewers: string[] }> {
  if (REUSE) {
    const queue = await db().labelQueue.findUniqueOrThrow({ where: { name: "bench" } });
    const users = await db().user.findMany({ where: { email: { startsWith: "bench-reviewer-" } }, orderBy: { email: "asc" } });
    return { queueId: queue.id, reviewers: users.slice(0, REVIEWERS).map((u) => u.id) };
  }
  const pg = databaseProvider(databaseUrl()) === "postgres";
  const now = new Date();
  const ids = Array.from({ length: TRANSCRIPTS }, () => randomUUID());
  const content = (i: number) =>
    JSON.stringify({
      messages: [
        { role: "user", content: `Refund order ${i}, please.` },
        {
          role: "assistant",
          content: `Refunded order ${i}.`,
          toolCalls: [{ name: "issue_refund", arguments: { order_id: i }, result: { ok: true } }],
        },
      ],
    });
  await bulkInsert("transcripts", "transcripts", TRANSCRIPT_COLUMNS(pg), TRANSCRIPTS, (i, tx) => {
    const body = content(i);
    return transcriptRow({
      id: ids[i]!,
      hashOf: `bench-${i}`,
      externalId: `bench-${i}`,
      prompt: `Refund order ${i}`,
      output: `Refunded order ${i}.`,
      body,
      createdAt: timestampParam(tx.provider, now),
    });
  });
  const queue = await db().labelQueue.create({
    data: { name: "bench", rubric: "Pass when the refund matches the request.", reviewersPerItem: 1 },
  });
  await bulkInsert(
    "queue items",
    "queue_items",
    [{ name: "id" }, { name: "queue_id" }, { name: "transcript_id" }, { name: "order_key" }, { name: "label_count" }],
    TRANSCRIPTS,
    (i) => [randomUUID(), queue.id, ids[i], orderKey(queue.id, ids[i]!), 0],
  );
  const reviewers: string[] = [];
  for (let r = 0; r < REVIEWERS; r++)
    reviewers.push((await db().user.create({ data: { email: `bench-reviewer-${r}@example.com`, role: "reviewer" } })).id);
  // What PostgreSQL's autovacuum does to a table a million rows were just loaded into (its insert
  // threshold, PostgreSQL 13 and later) before anyone labels: planner statistics, hint bits and the
  // visibility map. Done here because this project's machines run PostgreSQL with autovacuum off;
  // the dead rows the labels themselves leave are not vacuumed during the run.
  if (databaseProvider(databaseUrl()) === "postgres") await bulkQuery("VACUUM ANALYZE");
  else await bulkTransaction((tx) => tx.execute("ANALYZE"));
  return { queueId: queue.id, reviewers };
}

interface Sample {
  ms: number;
  submitMs: number;
  nextMs: number;
}

function startServer(queueId: string, samples: Sample[], onSample: () => void) {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      void (async () => {
        const input = JSON.parse(body) as { reviewerId: string; queueItemId?: string; value?: string; warm?: boolean };
        const started = performance.now();
        // What the labeling page does: record the label, then take and load the next item.
        if (input.queueItemId)
          await submitLabel(input.reviewerId, { queueId, queueItemId: input.queueItemId, value: input.value!, timeSpentMs: 1000 });
        const submitted = performance.now();
        const next = await nextItem(queueId, input.reviewerId);
        const view = await nextItemView(next);
        const ms = performance.now() - started;
        if (input.queueItemId && !input.warm) {
          samples.push({ ms, submitMs: submitted - started, nextMs: ms - (submitted - started) });
          onSample();
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ next: view?.queueItemId ?? null }));
      })().catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise<http.Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function post(port: number, payload: unknown, retry = true): Promise<{ next: string | null }> {
  try {
    const { status, text } = await postJsonPooled(new URL(`http://127.0.0.1:${port}/`), JSON.stringify(payload));
    if (status !== 200) throw new Error(`HTTP ${status}: ${text}`);
    return JSON.parse(text) as { next: string | null };
  } catch (error) {
    // A keep-alive socket the server closed just as it was reused: nothing reached the handler, send again.
    if (retry && (error as NodeJS.ErrnoException).code === "ECONNRESET") return post(port, payload, false);
    throw error;
  }
}

/**
 * The reviewers: run in a child process, as browsers would be, so their HTTP work is not the server's,
 * through the runner's keep-alive pool (postJsonPooled, undici): on 2 cores the load generator's CPU
 * is taken from the server's, and the figures print it per label.
 */
async function clients(port: number, reviewers: string[], thinkMs: number) {
  // From here: the clients' own start-up (loading this file) is not the labels' CPU.
  const cpuAtStart = process.cpuUsage();
  let failed = 0;
  const pause = () => (thinkMs > 0 ? new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random()))) : Promise.resolve());
  await Promise.all(
    reviewers.map(async (reviewerId, index) => {
      let current = (await post(port, { reviewerId })).next;
      for (let i = 0; i < LABELS + WARMUP && current; i++) {
        await pause();
        try {
          current = (
            await post(port, { reviewerId, queueItemId: current, value: (i + index) % 3 === 0 ? "fail" : "pass", warm: i < WARMUP })
          ).next;
        } catch (error) {
          failed++;
          console.error(`reviewer ${index}: ${error instanceof Error ? error.message : String(error)}`);
          current = (await post(port, { reviewerId })).next;
        }
      }
    }),
  );
  if (failed > 0) console.error(`${failed} requests failed`);
  const usage = process.cpuUsage(cpuAtStart);
  if (process.env.GAVEL_BENCH_CPU_FILE) writeFileSync(process.env.GAVEL_BENCH_CPU_FILE, String((usage.user + usage.system) / 1000));
}

/**
 * CPU time (ms) of PostgreSQL's backends for this database, by pid. The server's shared processes
 * (WAL writer, checkpointer) are left out: they also work for every other database on the server.
 */
async function postgresCpu(): Promise<Map<number, number>> {
  const rows = await bulkQuery(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  const ticks = new Map<number, number>();
  const msPerTick = 1000 / 100; // USER_HZ
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${Number(pid)}/stat`, "utf8")
        .split(") ")[1]!
        .split(" ");
      ticks.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * msPerTick);
    } catch {
      // A backend that ended (or another machine's server): not counted.
    }
  }
  return ticks;
}

const cpuSpent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

function runClients(port: number, reviewers: string[], thinkMs: number, cpuFile: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      import.meta.filename,
      "--clients",
      String(port),
      reviewers.join(","),
      String(thinkMs),
      ...process.argv.slice(2),
    ],
    { stdio: "inherit", env: { ...process.env, GAVEL_BENCH_CPU_FILE: cpuFile } },
  );
  return new Promise((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`clients exited ${code}`)))),
  );
}

async function measure(name: DatabaseName, { queueId, reviewers }: Awaited<ReturnType<typeof seed>>, seedSeconds: number) {
  // How long one trivial statement takes right now: on a busy machine this, not the queries, sets the floor.
  const trips: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await bulkQuery("SELECT 1");
    trips.push(performance.now() - t);
  }
  const roundTrip = percentile(
    trips.sort((a, b) => a - b),
    50,
  );
  const results = [];
  for (const thinkMs of THINK) {
    const samples: Sample[] = [];
    const progress = bar(`labels, think ${thinkMs} ms`, REVIEWERS * LABELS);
    const server = await startServer(queueId, samples, () => progress.update(samples.length));
    const port = (server.address() as AddressInfo).port;
    statements.reset();
    const cpuFile = path.join(mkdtempSync(path.join(os.tmpdir(), "gavel-bench-")), "clients-cpu");
    const pgBefore = name === "PostgreSQL" ? await postgresCpu() : new Map<number, number>();
    const serverBefore = process.cpuUsage();
    const started = performance.now();
    await runClients(port, reviewers, thinkMs, cpuFile);
    const wall = (performance.now() - started) / 1000;
    const serverUsage = process.cpuUsage(serverBefore);
    const labelsDone = REVIEWERS * (LABELS + WARMUP);
    // CPU per label: what bounds a closed loop on 2 cores (the server, the clients, PostgreSQL).
    const cpuPerLabel = {
      server: (serverUsage.user + serverUsage.system) / 1000 / labelsDone,
      clients: Number(readFileSync(cpuFile, "utf8")) / labelsDone,
      postgres: name === "PostgreSQL" ? cpuSpent(pgBefore, await postgresCpu()) / labelsDone : 0,
    };
    // Every request the server answered, the reviewers' first "load my item" included.
    const perLabel = statements.read() / (REVIEWERS * (LABELS + WARMUP + 1));
    progress.stop();
    await new Promise((resolve) => server.close(resolve));
    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    results.push({
      name,
      thinkMs,
      seedSeconds,
      n: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1]!,
      submitP50: median(samples.map((s) => s.submitMs)),
      nextP50: median(samples.map((s) => s.nextMs)),
      perSecond: (REVIEWERS * (LABELS + WARMUP)) / wall,
      perLabel,
      roundTrip,
      cpuPerLabel,
    });
  }
  const doubleLabeled = await db()
    .label.groupBy({ by: ["transcriptId"], _count: { _all: true } })
    .then((rows) => rows.filter((r) => r._count._all > 1).length);
  const transcripts = await db().transcript.count();
  return results.map((r) => ({ ...r, doubleLabeled, transcripts }));
}

async function main() {
  const clientsAt = process.argv.indexOf("--clients");
  if (clientsAt >= 0) {
    const [port, reviewers, think] = process.argv.slice(clientsAt + 1);
    await clients(Number(port), reviewers!.split(","), Number(think));
    return;
  }
  console.log(
    `Labeling benchmark: ${TRANSCRIPTS.toLocaleString("en")} transcripts in one queue, ${REVIEWERS} concurrent reviewers × ${LABELS} labels (after ${WARMUP} warm-up each), loopback HTTP; node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}\n`,
  );
  const results = await onFreshDatabases({
    databases: DATABASES,
    prefix: "gavel_bench_labeling",
    pgUrl: PG_URL,
    keep: KEEP,
    reuse: REUSE,
    seed,
    measure,
  });
  const rows = [
    [
      "database",
      "transcripts",
      "think time",
      "labels timed",
      "p50",
      "p95",
      "p99",
      "max",
      "p50 submit | next",
      "statements / label",
      "SELECT 1 p50",
      "labels/s",
      "CPU ms / label: server | clients | db",
      "double-labeled items",
      "seed time",
    ],
  ];
  for (const r of results) {
    rows.push([
      r.name,
      r.transcripts.toLocaleString("en"),
      `${r.thinkMs} ms`,
      String(r.n),
      `${r.p50.toFixed(1)} ms`,
      `${r.p95.toFixed(1)} ms`,
      `${r.p99.toFixed(1)} ms`,
      `${r.max.toFixed(1)} ms`,
      `${r.submitP50.toFixed(1)} | ${r.nextP50.toFixed(1)} ms`,
      r.perLabel.toFixed(1),
      `${r.roundTrip.toFixed(2)} ms`,
      r.perSecond.toFixed(0),
      `${r.cpuPerLabel.server.toFixed(2)} | ${r.cpuPerLabel.clients.toFixed(2)} | ${r.name === "PostgreSQL" ? r.cpuPerLabel.postgres.toFixed(2) : "in server"}`,
      String(r.doubleLabeled),
      `${r.seedSeconds.toFixed(0)} s`,
    ]);
  }
  console.log("");
  printTable(rows);
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}

runMain(main);
