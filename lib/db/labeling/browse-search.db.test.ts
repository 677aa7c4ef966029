import { beforeAll, describe, expect, it } from "vitest";
import { databaseProvider, databaseUrl } from "../../database-url";
import { parseItemBrowserQuery, type ItemBrowserQuery } from "../../schemas/item-browser";
import { newTranscriptSchema } from "../../schemas/transcripts";
import { seedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";
import { bulkQuery } from "../bulk";
import { db } from "../client";
import { importTranscripts } from "../transcripts";
import { browseItems, PAGE, type BrowsePage } from "./browse";
import { setFlag } from "./comments";

withTestDatabase();

/**
 * The item browser's search through the text indexes (SQLite FTS5 trigram, PostgreSQL pg_trgm) finds
 * exactly what the scan finds — substrings, ASCII case folded, LIKE's wildcards and FTS5's query syntax
 * taken literally — across the whole queue, where the scan only reads its window.
 */
const name = `search-${Date.now().toString(36)}`;
const key = (i: number) => `${name}-${String(i).padStart(3, "0")}`;
const TEXTS: [string, string][] = [
  ["Refund the BLUE kettle, order 100%", "Refunded 100 percent"],
  [`He said "refund" and 'left'`, "It's done"],
  ["path C:\\temp\\kettle_1.txt", "under_score and back\\slash"],
  ["kettle AND toaster OR NEAR(fridge) NOT oven* ^start col:value -minus (paren) {x y}", "a + b"],
  ["Crème brûlée pour Élodie", "ÉCLAIR au café"],
  ["nothing here", "the BLUE KETTLE is in the output"],
  ["order 1000: broken", "order 100: fine"],
];
const SIZE = PAGE * 2 + 20;
const prompt = (i: number) => TEXTS[i]?.[0] ?? `Task ${key(i)}`;
const output = (i: number) => TEXTS[i]?.[1] ?? `Output of ${key(i)}`;
/** Filler items, and then the texts again at the queue's far end (beyond any small window). */
const textAt = (i: number) => (i >= SIZE - TEXTS.length ? i - (SIZE - TEXTS.length) : i < TEXTS.length ? i : -1);
let queue: { id: string; kind: string; reviewersPerItem: number; rubricVersion: number };

beforeAll(async () => {
  const items = Array.from({ length: SIZE }, (_, i) => ({
    key: key(i),
    taskPrompt: textAt(i) >= 0 ? `${prompt(textAt(i))} #${i}` : prompt(i),
    finalOutput: textAt(i) >= 0 ? output(textAt(i)) : output(i),
  }));
  const seeded = await seedQueue({ name, order: "input", items, reviewersPerItem: 2, assign: [`a-${name}@example.com`] });
  queue = { id: seeded.queueId, kind: "binary", reviewersPerItem: 2, rubricVersion: 1 };
});

async function browse(q: string, options: Parameters<typeof browseItems>[2], after?: string): Promise<BrowsePage> {
  const parsed = parseItemBrowserQuery(after ? { q, after } : { q });
  if (!parsed.ok) throw new Error(parsed.errors.join(" "));
  return browseItems(queue, parsed.query as ItemBrowserQuery, options);
}
/** Every match, page after page. */
async function all(q: string, options: Parameters<typeof browseItems>[2]): Promise<string[]> {
  const found: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await browse(q, options, after);
    found.push(...page.rows.map((r) => r.externalId!));
    if (!page.next) return found;
    after = page.next;
  }
  throw new Error("more than 100 pages");
}
const SCAN = { textIndex: false, scanWindow: 1_000_000 };
/** The index's path: a probe of one item, and a window of two for anything the index does not take. */
const INDEX = { probeWindow: 1, scanWindow: 2 };

/** Queries with three letters or digits in a row: both databases' indexes serve them. */
const INDEXED = [
  "blue kettle",
  "BLUE KETTLE",
  "kettle",
  "100%",
  "order 100",
  "order 100:",
  "order 1000",
  `"refund"`,
  `said "refund" and 'left'`,
  "it's done",
  "\\temp\\kettle_1",
  "under_score",
  "back\\slash",
  "AND toaster",
  "NEAR(fridge)",
  "oven*",
  "^start",
  "col:value",
  "-minus",
  "(paren)",
  "crème",
  "brûlée",
  "élodie",
  "Élodie",
  "éclair",
  "ÉCLAIR",
  "café",
  "output",
  "Task",
  "zzz",
];
/** Queries the index does not take on at least one database (too short, or no run of letters or digits). */
const OTHERS = [`"`, `"""`, "%", "_", "%%%", "___", "1%", "1_0", "\\", "'", "*", "NOT", "()", "a + b", "{x y}", "ke", "É"];

describe("browseItems search through the text indexes", () => {
  it("finds exactly what the scan finds, for every query (special characters and query syntax taken literally)", async () => {
    for (const q of [...INDEXED, ...OTHERS]) {
      expect({ q, found: await all(q, { probeWindow: 1 }) }).toEqual({ q, found: await all(q, SCAN) });
    }
  });

  it("searches the whole queue through the index, where the scan's window of two would stop", async () => {
    for (const q of INDEXED) {
      const first = await browse(q, INDEX);
      expect({ q, searched: first.searched }).toEqual({ q, searched: null });
      expect({ q, found: await all(q, INDEX) }).toEqual({ q, found: await all(q, SCAN) });
    }
  });

  it("matches substrings with ASCII case folded, in the prompt or the output", async () => {
    const far = SIZE - TEXTS.length;
    expect(await all("blue kettle", INDEX)).toEqual([key(0), key(5), key(far), key(far + 5)]);
    expect(await all("order 100:", INDEX)).toEqual([key(6), key(far + 6)]);
    expect(await all("order 100", INDEX)).toEqual([key(0), key(6), key(far), key(far + 6)]);
    expect(await all("100%", INDEX)).toEqual([key(0), key(far)]);
    expect(await all(`"refund"`, INDEX)).toEqual([key(1), key(far + 1)]);
    expect(await all("NEAR(fridge)", INDEX)).toEqual([key(3), key(far + 3)]);
    expect(await all("under_score", INDEX)).toEqual([key(2), key(far + 2)]);
    expect(await all("zzz", INDEX)).toEqual([]);
    expect(await all("Task", INDEX)).toHaveLength(SIZE - 2 * TEXTS.length);
  });

  it("follows the transcripts' writes: an edited prompt is found by its new text only, a deleted transcript is gone", async () => {
    const { ids } = await importTranscripts([
      newTranscriptSchema.parse({
        source: "jsonl",
        externalId: `${name}-stray`,
        kind: "binary",
        taskPrompt: "quixotic stray",
        content: { messages: [{ role: "user", content: "quixotic stray" }] },
      }),
    ]);
    const stray = ids[0]!;
    const edited = await db().transcript.findFirstOrThrow({ where: { externalId: key(10) } });
    await db().transcript.update({ where: { id: edited.id }, data: { taskPrompt: "a zephyr blew" } });
    expect(await all("zephyr", INDEX)).toEqual([key(10)]);
    expect(await all(`Task ${key(10)}`, { probeWindow: 1 })).toEqual([]);
    await db().transcript.delete({ where: { id: stray } });
    if (databaseProvider(databaseUrl()) === "sqlite") {
      // The external-content index agrees with the table, row for row (FTS5's own check; it throws when not).
      await bulkQuery(`INSERT INTO "transcript_text" ("transcript_text", rank) VALUES ('integrity-check', 1)`, []);
      expect(await bulkQuery(`SELECT rowid FROM "transcript_text" WHERE "transcript_text" MATCH ?`, ['"quixotic"'])).toEqual([]);
    }
  });

  it("with more matches than the index's list takes, a filter's own source still searches the whole queue", async () => {
    const reviewer = await db().user.findUniqueOrThrow({ where: { email: `a-${name}@example.com` } });
    const far = await db().queueItem.findFirstOrThrow({ where: { queueId: queue.id, transcript: { externalId: key(SIZE - 10) } } });
    await setFlag(reviewer.id, { queueId: queue.id, queueItemId: far.id, kind: "unsure", on: true });
    const page = await browseItems(queue, { q: "Task", flagged: "1" }, { ...INDEX, sourceCap: 5 });
    expect(page.rows.map((r) => r.externalId)).toEqual([key(SIZE - 10)]);
    expect(page.searched).toBeNull();
  });
});
