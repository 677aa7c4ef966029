import { beforeAll, describe, expect, it } from "vitest";
import { parseItemBrowserQuery, type ItemBrowserQuery } from "../../schemas/item-browser";
import { seedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";
import { db } from "../client";
import { browseItems, PAGE, type BrowsePage } from "./browse";
import { addComment, setFlag } from "./comments";
import { skipItem } from "./submit";

withTestDatabase();

const name = `browse-${Date.now().toString(36)}`;
const email = (who: string) => `${who}-${name}@example.com`;
const SIZE = PAGE + 12;
const key = (i: number) => `${name}-${String(i).padStart(2, "0")}`;
let queue: { id: string; kind: string; reviewersPerItem: number; rubricVersion: number };
let ids: Record<string, string>;

/**
 * A 2-reviewer queue of 62 items assigned to a, b and c, in input order:
 * 0 disagreement (a pass, b fail) · 1 gold by consensus (a and b pass) · 2 skipped by a (c and b can still label it) ·
 * 3 skipped by a and b (stranded) · 4 flagged and commented · 5 "blue kettle" in its prompt · the rest need labels.
 */
beforeAll(async () => {
  const items = Array.from({ length: SIZE }, (_, i) => ({
    key: key(i),
    taskPrompt: i === 5 ? "Refund the BLUE kettle, order 100%" : `Task ${key(i)}`,
    labels:
      i === 0
        ? [
            { reviewer: email("a"), value: "pass" },
            { reviewer: email("b"), value: "fail" },
          ]
        : i === 1
          ? [
              { reviewer: email("a"), value: "pass" },
              { reviewer: email("b"), value: "pass" },
            ]
          : undefined,
  }));
  const seeded = await seedQueue({ name, order: "input", items, reviewersPerItem: 2, assign: [email("a"), email("b"), email("c")] });
  ids = seeded.queueItemIds;
  queue = { id: seeded.queueId, kind: "binary", reviewersPerItem: 2, rubricVersion: 1 };
  const user = async (who: string) => (await db().user.findUniqueOrThrow({ where: { email: email(who) } })).id;
  const [a, b] = [await user("a"), await user("b")];
  await db().goldLabel.create({
    data: { queueId: queue.id, transcriptId: seeded.transcriptIds[key(1)]!, rubricVersion: 1, value: "pass", source: "consensus" },
  });
  await skipItem(a, { queueId: queue.id, queueItemId: ids[key(2)]! });
  await skipItem(a, { queueId: queue.id, queueItemId: ids[key(3)]! });
  await skipItem(b, { queueId: queue.id, queueItemId: ids[key(3)]! });
  await setFlag(a, { queueId: queue.id, queueItemId: ids[key(4)]!, kind: "unsure", on: true });
  await addComment(a, { queueId: queue.id, queueItemId: ids[key(4)]!, body: "Is this a refund?" });
});

async function browse(params: Record<string, string>, scanWindow?: number, textIndex?: boolean): Promise<BrowsePage> {
  const parsed = parseItemBrowserQuery(params);
  if (!parsed.ok) throw new Error(parsed.errors.join(" "));
  return browseItems(queue, parsed.query as ItemBrowserQuery, { scanWindow, textIndex });
}
const keys = (page: BrowsePage) => page.rows.map((r) => r.externalId);

describe("browseItems filters", () => {
  it("shows each item's status, labels by reviewer, flags and comments", async () => {
    const page = await browse({});
    const row = (i: number) => page.rows.find((r) => r.externalId === key(i))!;
    expect([0, 1, 2, 3, 4, 6].map((i) => row(i).status)).toEqual([
      "labeled",
      "gold",
      "skipped",
      "stranded",
      "needs-labels",
      "needs-labels",
    ]);
    expect(row(0).labels.map((l) => [l.reviewerEmail, l.value])).toEqual([
      [email("a"), "pass"],
      [email("b"), "fail"],
    ]);
    expect(row(1).gold).toEqual({ value: "pass", source: "consensus" });
    expect(row(4)).toMatchObject({ openFlags: 1, comments: 1 });
    expect(row(5).prompt).toBe("Refund the BLUE kettle, order 100%");
  });

  it("filters by each status", async () => {
    expect(keys(await browse({ status: "labeled" }))).toEqual([key(0)]);
    expect(keys(await browse({ status: "gold" }))).toEqual([key(1)]);
    expect(keys(await browse({ status: "skipped" }))).toEqual([key(2)]);
    expect(keys(await browse({ status: "stranded" }))).toEqual([key(3)]);
    const needs = await browse({ status: "needs-labels" });
    expect(keys(needs)).not.toContain(key(0));
    expect(keys(needs)[0]).toBe(key(4));
  });

  it("filters by label, reviewer (and both: that reviewer's label), flagged and disagreement", async () => {
    expect(keys(await browse({ label: "fail" }))).toEqual([key(0)]);
    expect(keys(await browse({ label: "pass" }))).toEqual([key(0), key(1)]);
    expect(keys(await browse({ reviewer: email("b") }))).toEqual([key(0), key(1)]);
    expect(keys(await browse({ reviewer: email("a"), label: "fail" }))).toEqual([]);
    expect(keys(await browse({ flagged: "1" }))).toEqual([key(4)]);
    expect(keys(await browse({ disagreement: "1" }))).toEqual([key(0)]);
    expect((await browse({ reviewer: "nobody@example.com" })).unknownReviewer).toBe(true);
  });

  it("filters by split", async () => {
    await db().queueItem.update({ where: { id: ids[key(7)]! }, data: { split: "test" } });
    expect(keys(await browse({ split: "test" }))).toEqual([key(7)]);
    expect(keys(await browse({ split: "dev" }))).not.toContain(key(7));
  });

  it("searches prompts case-insensitively with LIKE's wildcards taken literally, and ids exactly", async () => {
    expect(keys(await browse({ q: "blue KETTLE" }))).toEqual([key(5)]);
    expect(keys(await browse({ q: "100%" }))).toEqual([key(5)]);
    expect(keys(await browse({ q: "1_0" }))).toEqual([]);
    const exact = await browse({ q: key(9) });
    expect(exact.exact.map((r) => r.externalId)).toEqual([key(9)]);
  });
});

describe("browseItems pagination", () => {
  it("pages forward and back by keyset, PAGE at a time", async () => {
    const first = await browse({});
    expect(first.rows).toHaveLength(PAGE);
    expect(first.previous).toBeNull();
    const second = await browse({ after: first.next! });
    expect(keys(second)).toEqual(Array.from({ length: SIZE - PAGE }, (_, i) => key(PAGE + i)));
    expect(second.next).toBeNull();
    const back = await browse({ before: second.previous! });
    expect(keys(back)).toEqual(keys(first));
  });

  it("keeps filters across pages", async () => {
    const first = await browse({ status: "needs-labels" });
    expect(first.rows).toHaveLength(PAGE);
    const second = await browse({ status: "needs-labels", after: first.next! });
    expect(second.rows.every((r) => r.status === "needs-labels")).toBe(true);
    expect(first.rows.length + second.rows.length).toBe(SIZE - 4);
  });

  it("without the text index, searches text a window at a time and says how far it read", async () => {
    const miss = await browse({ q: "kettle", after: `${String(10).padStart(8, "0")}.x` }, 10, false);
    expect(miss.rows).toEqual([]);
    const first = await browse({ q: "kettle" }, 3, false);
    expect(first.rows).toEqual([]);
    expect(first.searched).toBe(3);
    const second = await browse({ q: "kettle", after: first.next! }, 3, false);
    expect(keys(second)).toEqual([key(5)]);
  });

  it("with the text index, finds beyond the window at once; a search too short for it still goes a window at a time", async () => {
    const found = await browse({ q: "kettle" }, 3);
    expect(keys(found)).toEqual([key(5)]);
    expect(found.searched).toBeNull();
    const short = await browse({ q: "BL" }, 3);
    expect(short.rows).toEqual([]);
    expect(short.searched).toBe(3);
  });
});
