import { beforeAll, describe, expect, it } from "vitest";
import { disagrees } from "../../labeling/item-status";
import type { ItemBrowserQuery } from "../../schemas/item-browser";
import { seedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";
import { db } from "../client";
import { browseItems, PAGE, type BrowseRow } from "./browse";

withTestDatabase();

const name = `browse-source-${Date.now().toString(36)}`;
const email = (who: string) => `${who}-${name}@example.com`;
const SIZE = 240;
const key = (i: number) => `${name}-${String(i).padStart(3, "0")}`;
let queue: { id: string; kind: string; reviewersPerItem: number; rubricVersion: number };
/** Every item of the queue in queue order, as the unfiltered pages show them. */
let all: BrowseRow[];

/**
 * A 2-reviewer queue of 240 items in hash order, assigned to a, b, c and d — enough matches for more
 * than one page of most filters: even items labeled by a (pass) and b (fail on every fourth: a
 * disagreement), every sixth gold; odd items skipped by c, but for every tenth, and every sixth plus
 * one also by d and a (stranded); every third flagged (and one more flag resolved).
 */
beforeAll(async () => {
  const items = Array.from({ length: SIZE }, (_, i) => ({
    key: key(i),
    labels:
      i % 2 === 0
        ? [
            { reviewer: email("a"), value: "pass" },
            { reviewer: email("b"), value: i % 4 === 0 ? "fail" : "pass" },
          ]
        : undefined,
  }));
  const seeded = await seedQueue({ name, items, reviewersPerItem: 2, assign: ["a", "b", "c", "d"].map(email) });
  queue = { id: seeded.queueId, kind: "binary", reviewersPerItem: 2, rubricVersion: 1 };
  const user = async (who: string) => (await db().user.findUniqueOrThrow({ where: { email: email(who) } })).id;
  const [a, c, d] = [await user("a"), await user("c"), await user("d")];
  const item = (i: number) => seeded.queueItemIds[key(i)]!;
  const at = (pick: (i: number) => boolean) => Array.from({ length: SIZE }, (_, i) => i).filter(pick);
  await db().goldLabel.createMany({
    data: at((i) => i % 6 === 0).map((i) => ({
      queueId: queue.id,
      transcriptId: seeded.transcriptIds[key(i)]!,
      rubricVersion: 1,
      value: "pass",
      source: "consensus" as const,
    })),
  });
  await db().labelSkip.createMany({
    data: [
      ...at((i) => i % 2 === 1 && i % 10 !== 9).map((i) => ({ queueItemId: item(i), reviewerId: c })),
      ...at((i) => i % 6 === 1).flatMap((i) => [d, a].map((reviewerId) => ({ queueItemId: item(i), reviewerId }))),
    ],
  });
  await db().itemFlag.createMany({
    data: [
      ...at((i) => i % 3 === 0).map((i) => ({ queueItemId: item(i), reviewerId: a, kind: "unsure" as const })),
      { queueItemId: item(1), reviewerId: a, kind: "unsure" as const, resolvedAt: new Date() },
    ],
  });
  all = await everyPage({});
});

/** Every row of a filter, page by page forward; then the same pages again walking back from the last. */
async function everyPage(query: ItemBrowserQuery, sourceCap?: number): Promise<BrowseRow[]> {
  const pages: BrowseRow[][] = [];
  let page = await browseItems(queue, query, { sourceCap });
  pages.push(page.rows);
  while (page.next) {
    page = await browseItems(queue, { ...query, after: page.next }, { sourceCap });
    pages.push(page.rows);
  }
  for (let back = pages.length - 2; back >= 0; back--) {
    page = await browseItems(queue, { ...query, before: page.previous! }, { sourceCap });
    expect(page.rows.map((r) => r.queueItemId)).toEqual(pages[back]!.map((r) => r.queueItemId));
  }
  expect(page.previous).toBeNull();
  return pages.flat();
}

const b = email("b");
const cases: [string, ItemBrowserQuery, (row: BrowseRow) => boolean][] = [
  ["gold", { status: "gold" }, (r) => r.status === "gold"],
  ["labeled", { status: "labeled" }, (r) => r.status === "labeled"],
  ["skipped", { status: "skipped" }, (r) => r.status === "skipped"],
  ["stranded", { status: "stranded" }, (r) => r.status === "stranded"],
  ["needs labels", { status: "needs-labels" }, (r) => r.status === "needs-labels"],
  ["label fail", { label: "fail" }, (r) => r.labels.some((l) => l.value === "fail")],
  ["label pass", { label: "pass" }, (r) => r.labels.some((l) => l.value === "pass")],
  ["reviewer b", { reviewer: b }, (r) => r.labels.some((l) => l.reviewerEmail === b)],
  ["reviewer b, fail", { reviewer: b, label: "fail" }, (r) => r.labels.some((l) => l.reviewerEmail === b && l.value === "fail")],
  ["flagged", { flagged: "1" }, (r) => r.openFlags > 0],
  ["disagreement", { disagreement: "1" }, (r) => disagrees(r.labels.map((l) => l.value))],
  ["flagged and skipped", { flagged: "1", status: "skipped" }, (r) => r.openFlags > 0 && r.status === "skipped"],
  ["flagged and label fail", { flagged: "1", label: "fail" }, (r) => r.openFlags > 0 && r.labels.some((l) => l.value === "fail")],
  ["gold and disagreement", { status: "gold", disagreement: "1" }, (r) => r.status === "gold" && disagrees(r.labels.map((l) => l.value))],
];

describe("browseItems filters, started from the small tables or walked in queue order", () => {
  it("has more than a page of most filters, to page through", () => {
    expect(all).toHaveLength(SIZE);
    const over = cases.filter(([, , match]) => all.filter(match).length > PAGE).map(([label]) => label);
    expect(over).toEqual(["labeled", "skipped", "label fail", "label pass", "reviewer b", "reviewer b, fail", "flagged", "disagreement"]);
  });

  it.each(cases)("%s: the same items, in queue order, across pages forward and back", async (_, query, match) => {
    const expected = all.filter(match).map((r) => r.queueItemId);
    expect(expected.length).toBeGreaterThan(0);
    // sourceCap 0 walks the queue; a cap no source reaches starts from the smallest source; the default decides.
    for (const sourceCap of [0, 1_000_000, undefined]) {
      const rows = await everyPage(query, sourceCap);
      expect(rows.map((r) => r.queueItemId)).toEqual(expected);
    }
  });
});
