/**
 * `npm run bench:item-browser`: what one page of the item browser (/label/[queueId]/items) costs the
 * server — browseItems, every query of the page but the session — with 1,000,000 items in one queue.
 *
 * For each database (a fresh SQLite file, and a fresh PostgreSQL database that is dropped after):
 * migrate, bulk-insert 1M transcripts and queue items (2 reviewers per item, 4 assigned), then labels
 * on 20,000 items (10% of them disagreeing), consensus gold on 15,000, 2,000 items skipped once,
 * 200 skipped by three of the four (stranded), 500 flagged and commented; ANALYZE. Then each page —
 * the first, page 1,000 (by its keyset cursor), each filter, the searches — is loaded `--runs` times
 * after a warm-up, and p50 / p95 printed. Figures, not a test: nothing here passes or fails.
 *
 *   npm run bench:item-browser [-- --items 1000000 --runs 20 --db sqlite,postgres --keep --prefix gavel_bench_browser]
 *   npm run bench:item-browser -- --reuse <database url printed by --keep> [--runs 20] [--no-text-index]
 *     (measures a kept database again without reseeding — a million rows take minutes to seed; pending
 *     migrations are applied first, so a new index is measured too. --items must match the seeded size.)
 *   GAVEL_BENCH_PG_URL=postgresql://postgres@127.0.0.1:5432/postgres   (the PostgreSQL server; this is the default)
 */
import { Presets, SingleBar } from "cli-progress";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { databaseProvider, databaseUrl } from "../lib/database-url";
import { bulkQuery, bulkTransaction, timestampParam, type BulkTx } from "../lib/db/bulk";
import { db } from "../lib/db/client";
import { browseItems, cursorOf, PAGE } from "../lib/db/labeling/browse";
import { orderKey } from "../lib/queues/items";
import type { ItemBrowserQuery } from "../lib/schemas/item-browser";
import { bulkInserter, TRANSCRIPT_COLUMNS, transcriptRow } from "./bench/bulk-insert";
import { onFreshDatabases, type DatabaseName } from "./bench/fresh-databases";
import { printTable } from "./bench/table";
import { percentile } from "./bench/timed";
import { arg } from "./bench/cli";

const ITEMS = Number(arg("items", "1000000"));
const RUNS = Number(arg("runs", "20"));
const DATABASES = arg("db", "sqlite,postgres").split(",");
const KEEP = process.argv.includes("--keep");
const REUSE = arg("reuse", "");
/** The fresh databases' name prefix (a shared server: each engineer's own). */
const PREFIX = arg("prefix", "gavel_bench_browser");
/** Search by the windowed scan alone, as before the text indexes: the comparison at the same load. */
const NO_TEXT_INDEX = process.argv.includes("--no-text-index");
const PG_URL = process.env.GAVEL_BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const LABELED = Math.min(20_000, Math.floor(ITEMS / 10));
const GOLD = Math.floor(LABELED * 0.75);
const SKIPPED = Math.min(2_000, Math.floor(ITEMS / 100));
const STRANDED = Math.min(200, Math.floor(ITEMS / 1000));
const FLAGGED = Math.min(500, Math.floor(ITEMS / 500));
/** The last item before page 1,000 (or near the end of a smaller queue). */
const DEEP = Math.min(PAGE * 999, ITEMS - PAGE) - 1;
const bulkInsert = bulkInserter((title, total) => {
  const progress = new SingleBar({ format: `  ${title.padEnd(14)} [{bar}] {value}/{total}`, hideCursor: true }, Presets.shades_classic);
  progress.start(total, 0);
  return progress;
});

/** Item i is labeled when i < LABELED, by reviewers i % 4 and (i + 1) % 4; every tenth disagrees. */
const disagrees = (i: number) => i % 10 === 0;

async function seed() {
  const pg = databaseProvider(databaseUrl()) === "postgres";
  const cast = (type: string) => (pg ? type : undefined);
  const now = new Date();
  const at = (tx: BulkTx) => timestampParam(tx.provider, now);
  const tIds = Array.from({ length: ITEMS }, () => randomUUID());
  const qIds = Array.from({ length: ITEMS }, () => randomUUID());
  await bulkInsert("transcripts", "transcripts", TRANSCRIPT_COLUMNS(pg), ITEMS, (i, tx) => {
    const prompt = `Customer ${i % 9973} asks for a refund of order ${i}: the kettle arrived broken and they want their money back.`;
    const output = `I refunded order ${i} in full and emailed customer ${i % 9973} the receipt.`;
    const body = JSON.stringify({
      messages: [
        { role: "user", content: prompt },
        { role: "assistant", content: output },
      ],
    });
    return transcriptRow({ id: tIds[i]!, hashOf: `browse-${i}`, externalId: `bench-${i}`, prompt, output, body, createdAt: at(tx) });
  });
  const reviewers: string[] = [];
  for (let r = 0; r < 4; r++)
    reviewers.push((await db().user.create({ data: { email: `browse-reviewer-${r}@example.com`, role: "reviewer" } })).id);
  const queue = await db().labelQueue.create({
    data: {
      name: "browse",
      rubric: "Pass when the refund matches the request.",
      reviewersPerItem: 2,
      assignments: { create: reviewers.map((userId) => ({ userId })) },
    },
  });
  await bulkInsert(
    "queue items",
    "queue_items",
    [
      { name: "id" },
      { name: "queue_id" },
      { name: "transcript_id" },
      { name: "order_key" },
      { name: "split", cast: cast('::"Split"') },
      { name: "label_count" },
    ],
    ITEMS,
    (i) => [qIds[i], queue.id, tIds[i], orderKey(queue.id, tIds[i]!), i % 2 === 0 ? "dev" : "test", i < LABELED ? 2 : 0],
  );
  await bulkInsert(
    "labels",
    "labels",
    [
      { name: "id" },
      { name: "transcript_id" },
      { name: "queue_id" },
      { name: "reviewer_id" },
      { name: "value" },
      { name: "created_at", cast: cast("::timestamp(3)") },
      { name: "updated_at", cast: cast("::timestamp(3)") },
    ],
    LABELED * 2,
    (n, tx) => {
      const i = Math.floor(n / 2);
      const second = n % 2 === 1;
      const value = second && disagrees(i) ? "fail" : "pass";
      return [randomUUID(), tIds[i], queue.id, reviewers[(i + (second ? 1 : 0)) % 4], value, at(tx), at(tx)];
    },
  );
  const goldItems = Array.from({ length: LABELED }, (_, i) => i)
    .filter((i) => !disagrees(i))
    .slice(0, GOLD);
  await bulkInsert(
    "gold",
    "gold_labels",
    [
      { name: "id" },
      { name: "queue_id" },
      { name: "transcript_id" },
      { name: "rubric_version" },
      { name: "value" },
      { name: "source", cast: cast('::"GoldSource"') },
      { name: "created_at", cast: cast("::timestamp(3)") },
    ],
    goldItems.length,
    (n, tx) => [randomUUID(), queue.id, tIds[goldItems[n]!], 1, "pass", "consensus", at(tx)],
  );
  // Skipped once: items LABELED .. +SKIPPED. Stranded: the next STRANDED, skipped by three of the four.
  const skips = [
    ...Array.from({ length: SKIPPED }, (_, k) => [LABELED + k, 0] as const),
    ...Array.from({ length: STRANDED * 3 }, (_, k) => [LABELED + SKIPPED + Math.floor(k / 3), k % 3] as const),
  ];
  await bulkInsert(
    "skips",
    "label_skips",
    [{ name: "id" }, { name: "queue_item_id" }, { name: "reviewer_id" }, { name: "created_at", cast: cast("::timestamp(3)") }],
    skips.length,
    (n, tx) => [randomUUID(), qIds[skips[n]![0]], reviewers[skips[n]![1]], at(tx)],
  );
  const flagged = (n: number) => LABELED + SKIPPED + STRANDED + n * 37;
  await bulkInsert(
    "flags",
    "item_flags",
    [
      { name: "id" },
      { name: "queue_item_id" },
      { name: "reviewer_id" },
      { name: "kind", cast: cast('::"FlagKind"') },
      { name: "created_at", cast: cast("::timestamp(3)") },
    ],
    FLAGGED,
    (n, tx) => [randomUUID(), qIds[flagged(n)], reviewers[n % 4], "unsure", at(tx)],
  );
  await bulkInsert(
    "comments",
    "item_comments",
    [
      { name: "id" },
      { name: "queue_item_id" },
      { name: "author_id" },
      { name: "body" },
      { name: "created_at", cast: cast("::timestamp(3)") },
    ],
    FLAGGED,
    (n, tx) => [randomUUID(), qIds[flagged(n)], reviewers[n % 4], "Is this a partial refund?", at(tx)],
  );
  await bulkTransaction((tx) => tx.execute("ANALYZE"));
  return { queue: { id: queue.id, kind: "binary", reviewersPerItem: 2, rubricVersion: 1 }, reviewer: "browse-reviewer-1@example.com" };
}

/** The queue and reviewer a kept database was seeded with (--reuse). */
async function seeded() {
  const queue = await db().labelQueue.findFirstOrThrow({
    where: { name: "browse" },
    select: { id: true, reviewersPerItem: true, rubricVersion: true },
  });
  return { queue: { ...queue, kind: "binary" }, reviewer: "browse-reviewer-1@example.com" };
}

async function measure(name: DatabaseName, { queue, reviewer }: Awaited<ReturnType<typeof seed>>, seedSeconds: number) {
  // Page 1,000's cursor, found once with OFFSET (what the page never does): the last item of page 999.
  const [deep] = await bulkQuery(
    databaseProvider(databaseUrl()) === "postgres"
      ? `SELECT "id", "order_key" FROM "queue_items" WHERE "queue_id" = $1 ORDER BY "order_key", "id" LIMIT 1 OFFSET ${DEEP}`
      : `SELECT "id", "order_key" FROM "queue_items" WHERE "queue_id" = ? ORDER BY "order_key", "id" LIMIT 1 OFFSET ${DEEP}`,
    [queue.id],
  );
  const after = cursorOf({ orderKey: String(deep!.order_key), queueItemId: String(deep!.id) });
  const cases: [string, ItemBrowserQuery][] = [
    ["page 1", {}],
    ["page 1,000", { after }],
    ["status needs labels", { status: "needs-labels" }],
    ["status needs labels, page 1,000", { status: "needs-labels", after }],
    ["status labeled", { status: "labeled" }],
    ["status gold", { status: "gold" }],
    ["status stranded", { status: "stranded" }],
    ["status skipped", { status: "skipped" }],
    ["split test", { split: "test" }],
    ["label fail", { label: "fail" }],
    ["reviewer", { reviewer }],
    ["flagged", { flagged: "1" }],
    ["disagreement", { disagreement: "1" }],
    ["search external id", { q: `bench-${Math.floor(ITEMS / 2)}` }],
    ["search text, common", { q: "kettle arrived" }],
    ["search text, rare (one window)", { q: `order ${Math.floor(ITEMS / 3)}:` }],
    ["search text, 1 in 10,000", { q: "customer 4242 asks" }],
    ["search text, no match", { q: "toaster" }],
    ["search text + status stranded", { q: "kettle", status: "stranded" }],
  ];
  const results = [];
  for (const [label, query] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let run = -2; run < RUNS; run++) {
      const started = performance.now();
      const page = await browseItems(queue, query, { textIndex: !NO_TEXT_INDEX });
      if (run >= 0) times.push(performance.now() - started);
      rows = page.rows.length + page.exact.length;
    }
    times.sort((a, b) => a - b);
    results.push({ name, label, rows, p50: percentile(times, 50), p95: percentile(times, 95), seedSeconds });
  }
  return results;
}

async function main() {
  console.log(
    `Item browser benchmark: ${ITEMS.toLocaleString("en")} items in one queue (${LABELED.toLocaleString("en")} labeled twice, ${GOLD.toLocaleString("en")} gold, ${SKIPPED.toLocaleString("en")} skipped, ${STRANDED} stranded, ${FLAGGED} flagged), ${RUNS} runs per page after 2 warm-up${NO_TEXT_INDEX ? ", search without the text indexes" : ""}; node ${process.version}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (a shared machine)\n`,
  );
  const results = await onFreshDatabases({
    databases: DATABASES,
    prefix: PREFIX,
    pgUrl: PG_URL,
    keep: KEEP,
    reuse: REUSE || undefined,
    seed: REUSE ? seeded : seed,
    measure,
  });
  const ms = (v: number) => v.toFixed(1);
  printTable([
    ["database", "page", "rows", "p50 ms", "p95 ms"],
    ...results.map((r) => [r.name, r.label, String(r.rows), ms(r.p50), ms(r.p95)]),
  ]);
  for (const name of REUSE ? [] : new Set(results.map((r) => r.name)))
    console.log(`${name}: seeded in ${results.find((r) => r.name === name)!.seedSeconds.toFixed(0)} s`);
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}

await main();
