import { describe, expect, it } from "vitest";
import { UserError } from "../../errors";
import { seedQueue, type SeedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";
import { db } from "../client";
import { newRubricVersion } from "../rubric";
import { itemView, nextItemView } from "./item";
import { CLAIM_MS, nextItem, type NextResult } from "./next";
import { myProgress, queueProgress } from "./progress";
import { revealJudge } from "./reveal";
import { skipItem, submitLabel } from "./submit";
import { undoLastLabel } from "./undo";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;

async function reviewer(name = "r") {
  return db().user.create({ data: { email: `${name}-${tag()}@example.com`, role: "reviewer" } });
}

async function queue(size: number, options: Partial<SeedQueue> = {}) {
  const name = `q-${tag()}`;
  const items = Array.from({ length: size }, (_, i) => ({ key: `${name}-item-${String(i).padStart(3, "0")}` }));
  return seedQueue({ name, order: "input", items, ...options });
}

function itemOf(result: NextResult) {
  if (result.status !== "item") throw new Error(`expected an item, got ${result.status}`);
  return result.item;
}

const count = (queueItemId: string) =>
  db()
    .queueItem.findUniqueOrThrow({ where: { id: queueItemId } })
    .then((i) => i.labelCount);

describe("nextItem", () => {
  it("serves items in the queue's stable order and the same held item on every reload", async () => {
    const seeded = await queue(3);
    const me = await reviewer();
    const first = itemOf(await nextItem(seeded.queueId, me.id));
    expect(first.queueItemId).toBe(seeded.queueItemIds[Object.keys(seeded.queueItemIds)[0]!]);
    expect(itemOf(await nextItem(seeded.queueId, me.id)).queueItemId).toBe(first.queueItemId);
    expect(await db().queueClaim.count({ where: { reviewerId: me.id } })).toBe(1);
  });

  it("a new claim comes with the item as itemView reads it; a reload reads it there", async () => {
    const seeded = await queue(2);
    const me = await reviewer();
    const claimed = itemOf(await nextItem(seeded.queueId, me.id));
    const read = await itemView(claimed.queueItemId);
    expect(read?.messages.map((m) => m.content)).toEqual([expect.stringMatching(/^Task /), expect.stringMatching(/^Answer for /)]);
    expect(claimed.view).toEqual(read);
    expect(claimed.transcriptId).toBe(read?.transcriptId);
    const reloaded = await nextItem(seeded.queueId, me.id);
    expect(await nextItemView(reloaded)).toEqual(read);
  });

  it("gives a second reviewer the next item while the first holds the only slot", async () => {
    const seeded = await queue(2);
    const [a, b] = [await reviewer("a"), await reviewer("b")];
    const fromA = itemOf(await nextItem(seeded.queueId, a.id));
    const fromB = itemOf(await nextItem(seeded.queueId, b.id));
    expect(fromB.queueItemId).not.toBe(fromA.queueItemId);
    const c = await reviewer("c");
    expect(await nextItem(seeded.queueId, c.id)).toEqual({ status: "waiting", held: 2 });
  });

  it("offers an expired claim's slot to someone else", async () => {
    const seeded = await queue(1);
    const [a, b] = [await reviewer("a"), await reviewer("b")];
    const now = new Date();
    itemOf(await nextItem(seeded.queueId, a.id, { now }));
    expect((await nextItem(seeded.queueId, b.id, { now })).status).toBe("waiting");
    const later = new Date(now.getTime() + CLAIM_MS + 1000);
    expect((await nextItem(seeded.queueId, b.id, { now: later })).status).toBe("item");
  });

  it("serves only assigned reviewers when a queue has assignments", async () => {
    const [assigned, other] = [await reviewer("assigned"), await reviewer("other")];
    const seeded = await queue(2, { assign: [assigned.email] });
    expect((await nextItem(seeded.queueId, assigned.id)).status).toBe("item");
    expect(await nextItem(seeded.queueId, other.id)).toEqual({ status: "not-assigned" });
  });

  it("answers 404 for an unknown queue", async () => {
    const me = await reviewer();
    await expect(nextItem("does-not-exist", me.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("submitLabel", () => {
  it("checks each label against the queue as it is now, not as the process last read it", async () => {
    const seeded = await queue(5, { kind: "graded" });
    await db().labelQueue.update({ where: { id: seeded.queueId }, data: { scaleMin: 1, scaleMax: 5 } });
    const [me, admin] = [await reviewer("me"), await reviewer("admin")];
    const label = async (value: string) =>
      submitLabel(me.id, { queueId: seeded.queueId, queueItemId: itemOf(await nextItem(seeded.queueId, me.id)).queueItemId, value });
    await label("5"); // the queue is read (and remembered) here
    // The scale narrows: 5 is refused now, naming the scale; 3 still lands.
    await db().labelQueue.update({ where: { id: seeded.queueId }, data: { scaleMax: 3 } });
    await expect(label("5")).rejects.toMatchObject({ status: 422 });
    await label("3");
    // A new rubric version: the next label is recorded at it.
    await newRubricVersion(seeded.queueId, "Rate how complete the answer is.", admin.id);
    const { labelId } = await label("2");
    expect((await db().label.findUniqueOrThrow({ where: { id: labelId } })).rubricVersion).toBe(2);
    // The queue is assigned to someone else: refused, nothing written.
    await db().queueAssignment.create({ data: { queueId: seeded.queueId, userId: admin.id } });
    const before = await db().label.count({ where: { reviewerId: me.id } });
    await expect(
      submitLabel(me.id, { queueId: seeded.queueId, queueItemId: Object.values(seeded.queueItemIds).at(-1)!, value: "1" }),
    ).rejects.toThrow("You are not assigned to this queue.");
    expect(await db().label.count({ where: { reviewerId: me.id } })).toBe(before);
    // The queue is gone: said as such.
    await expect(
      submitLabel(me.id, { queueId: "no-such-queue", queueItemId: Object.values(seeded.queueItemIds)[0]!, value: "1" }),
    ).rejects.toThrow("No such label queue.");
  });

  it("with one reviewer per item, the one label is the gold; the next item is another", async () => {
    const seeded = await queue(2);
    const me = await reviewer();
    const item = itemOf(await nextItem(seeded.queueId, me.id));
    const done = await submitLabel(me.id, {
      queueId: seeded.queueId,
      queueItemId: item.queueItemId,
      value: "fail",
      score: 2,
      reason: "missed the refund",
      timeSpentMs: 1234,
    });
    expect(done.gold).toBe("fail");
    const label = await db().label.findUniqueOrThrow({ where: { id: done.labelId } });
    expect(label).toMatchObject({
      value: "fail",
      score: 2,
      reason: "missed the refund",
      timeSpentMs: 1234,
      rubricVersion: 1,
      judgeSeen: false,
      queueId: seeded.queueId,
    });
    expect(await count(item.queueItemId)).toBe(1);
    expect(await db().queueClaim.count({ where: { reviewerId: me.id } })).toBe(0);
    expect(await db().goldLabel.findMany({ where: { queueId: seeded.queueId } })).toEqual([
      expect.objectContaining({ transcriptId: item.transcriptId, value: "fail", source: "consensus", rubricVersion: 1 }),
    ]);
    expect(itemOf(await nextItem(seeded.queueId, me.id)).queueItemId).not.toBe(item.queueItemId);
  });

  it("with two reviewers, agreement makes a consensus gold and disagreement none", async () => {
    const seeded = await queue(2, { reviewersPerItem: 2 });
    const [a, b] = [await reviewer("a"), await reviewer("b")];
    const [first, second] = Object.values(seeded.queueItemIds) as [string, string];
    for (const [who, values] of [
      [a, ["pass", "pass"]],
      [b, ["pass", "fail"]],
    ] as const) {
      for (const value of values) {
        const item = itemOf(await nextItem(seeded.queueId, who.id));
        await submitLabel(who.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value });
      }
    }
    expect([await count(first), await count(second)]).toEqual([2, 2]);
    const gold = await db().goldLabel.findMany({ where: { queueId: seeded.queueId } });
    expect(gold).toEqual([
      expect.objectContaining({ transcriptId: seeded.transcriptIds[Object.keys(seeded.transcriptIds)[0]!], value: "pass" }),
    ]);
    expect(await nextItem(seeded.queueId, a.id)).toEqual({ status: "done" });
  });

  it("rejects a value the queue's kind does not allow and writes nothing", async () => {
    const seeded = await queue(1, {
      kind: "pairwise",
      items: [{ key: `pw-${tag()}`, content: { messages: [], outputs: { a: "one", b: "two" } } }],
    });
    const me = await reviewer();
    const item = itemOf(await nextItem(seeded.queueId, me.id));
    const error = await submitLabel(me.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value: "pass" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({ status: 422, field: "value", message: expect.stringContaining("A, B") });
    expect(await db().label.count({ where: { queueId: seeded.queueId } })).toBe(0);
    expect(await count(item.queueItemId)).toBe(0);
    await submitLabel(me.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value: "B" });
    expect(await count(item.queueItemId)).toBe(1);
  });

  it("refuses a second label from the same reviewer and a label on a full item", async () => {
    const seeded = await queue(1);
    const [a, b] = [await reviewer("a"), await reviewer("b")];
    const item = itemOf(await nextItem(seeded.queueId, a.id));
    await submitLabel(a.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value: "pass" });
    await expect(submitLabel(a.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value: "fail" })).rejects.toMatchObject({
      status: 409,
      message: "You already labeled this item.",
    });
    await expect(submitLabel(b.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value: "fail" })).rejects.toMatchObject({
      status: 409,
    });
    expect(await count(item.queueItemId)).toBe(1);
  });
});

describe("skip and undo", () => {
  it("a skipped item is never offered to that reviewer again, but is to others", async () => {
    const seeded = await queue(2);
    const [a, b] = [await reviewer("a"), await reviewer("b")];
    const skipped = itemOf(await nextItem(seeded.queueId, a.id));
    await skipItem(a.id, { queueId: seeded.queueId, queueItemId: skipped.queueItemId });
    const next = itemOf(await nextItem(seeded.queueId, a.id));
    expect(next.queueItemId).not.toBe(skipped.queueItemId);
    await submitLabel(a.id, { queueId: seeded.queueId, queueItemId: next.queueItemId, value: "pass" });
    expect(await nextItem(seeded.queueId, a.id)).toEqual({ status: "done" });
    expect(itemOf(await nextItem(seeded.queueId, b.id)).queueItemId).toBe(skipped.queueItemId);
  });

  it("undo takes back the label given last even when two labels share a millisecond", async () => {
    const seeded = await queue(2);
    const me = await reviewer();
    const now = new Date();
    const order: string[] = [];
    for (const value of ["pass", "fail"]) {
      const item = itemOf(await nextItem(seeded.queueId, me.id, { now }));
      await submitLabel(me.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value }, now);
      order.push(item.queueItemId);
    }
    expect((await undoLastLabel(seeded.queueId, me.id, now)).queueItemId).toBe(order[1]);
    expect((await undoLastLabel(seeded.queueId, me.id, now)).queueItemId).toBe(order[0]);
  });

  it("undo removes the newest label and its consensus gold, and gives the item back", async () => {
    const seeded = await queue(3);
    const me = await reviewer();
    const labeled: string[] = [];
    for (const value of ["pass", "fail"]) {
      const item = itemOf(await nextItem(seeded.queueId, me.id));
      await submitLabel(me.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value });
      labeled.push(item.queueItemId);
    }
    const showing = itemOf(await nextItem(seeded.queueId, me.id));
    const undone = await undoLastLabel(seeded.queueId, me.id);
    expect(undone.queueItemId).toBe(labeled[1]);
    expect(await count(labeled[1]!)).toBe(0);
    expect(await db().goldLabel.count({ where: { queueId: seeded.queueId } })).toBe(1);
    expect(await db().label.count({ where: { queueId: seeded.queueId, reviewerId: me.id } })).toBe(1);
    expect(itemOf(await nextItem(seeded.queueId, me.id, { preferItemId: undone.queueItemId })).queueItemId).toBe(labeled[1]);
    await submitLabel(me.id, { queueId: seeded.queueId, queueItemId: labeled[1]!, value: "pass" });
    // The item shown before the undo is still this reviewer's.
    expect(itemOf(await nextItem(seeded.queueId, me.id)).queueItemId).toBe(showing.queueItemId);
  });

  it("nothing to undo is a clear 409", async () => {
    const seeded = await queue(1);
    const me = await reviewer();
    await expect(undoLastLabel(seeded.queueId, me.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("Nothing to undo"),
    });
  });
});

describe("revealJudge", () => {
  it("shows verdicts only after the reviewer's own label, records the reveal, and then forbids undo", async () => {
    const key = `secret-${tag()}`;
    const seeded = await seedQueue({
      name: `reveal-${tag()}`,
      items: [{ key, verdicts: [{ judge: `judge-${tag()}`, value: "fail", reason: "JUDGE-SECRET" }] }],
    });
    const me = await reviewer();
    const transcriptId = seeded.transcriptIds[key]!;
    await expect(revealJudge(me.id, { queueId: seeded.queueId, transcriptId })).rejects.toMatchObject({ status: 409 });
    const item = itemOf(await nextItem(seeded.queueId, me.id));
    const view = await itemView(item.queueItemId);
    expect(JSON.stringify(view)).not.toContain("JUDGE-SECRET");
    await submitLabel(me.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value: "pass" });
    const verdicts = await revealJudge(me.id, { queueId: seeded.queueId, transcriptId });
    expect(verdicts).toEqual([expect.objectContaining({ value: "fail", reason: "JUDGE-SECRET", version: 1, status: "ok" })]);
    const label = await db().label.findFirstOrThrow({ where: { transcriptId, reviewerId: me.id } });
    expect(label.judgeSeen).toBe(true);
    expect(label.judgeRevealedAt).toBeInstanceOf(Date);
    await expect(undoLastLabel(seeded.queueId, me.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("seen the judge"),
    });
  });
});

describe("progress", () => {
  it("counts items done and each reviewer's labels and skips", async () => {
    const seeded = await queue(3);
    const [a, b] = [await reviewer("a"), await reviewer("b")];
    const first = itemOf(await nextItem(seeded.queueId, a.id));
    await submitLabel(a.id, { queueId: seeded.queueId, queueItemId: first.queueItemId, value: "pass" });
    const second = itemOf(await nextItem(seeded.queueId, b.id));
    await skipItem(b.id, { queueId: seeded.queueId, queueItemId: second.queueItemId });
    const progress = await queueProgress(seeded.queueId, 1);
    expect(progress).toMatchObject({ total: 3, done: 1, labels: 1 });
    expect(progress.reviewers).toEqual([
      expect.objectContaining({ reviewerId: a.id, labeled: 1, skipped: 0 }),
      expect.objectContaining({ reviewerId: b.id, labeled: 0, skipped: 1 }),
    ]);
  });

  it("items left for a reviewer leave out what they labeled or skipped and what is full; time adds up", async () => {
    const seeded = await queue(4, { reviewersPerItem: 2 });
    const shape = { id: seeded.queueId, reviewersPerItem: 2, rubricVersion: 1 };
    const [a, b] = [await reviewer("a"), await reviewer("b")];
    expect(await myProgress(shape, a.id)).toEqual({ labeled: 0, left: 4, timeSpentMs: 0, timed: 0 });
    const first = itemOf(await nextItem(seeded.queueId, a.id));
    await submitLabel(a.id, { queueId: seeded.queueId, queueItemId: first.queueItemId, value: "pass", timeSpentMs: 3000 });
    const second = itemOf(await nextItem(seeded.queueId, a.id));
    await skipItem(a.id, { queueId: seeded.queueId, queueItemId: second.queueItemId });
    const third = itemOf(await nextItem(seeded.queueId, a.id));
    await submitLabel(a.id, { queueId: seeded.queueId, queueItemId: third.queueItemId, value: "fail" });
    expect(await myProgress(shape, a.id)).toEqual({ labeled: 2, left: 1, timeSpentMs: 3000, timed: 1 });
    // b fills the first item; a's count of items left does not change, b's drops by the item b labeled.
    await submitLabel(b.id, { queueId: seeded.queueId, queueItemId: first.queueItemId, value: "pass" });
    expect(await myProgress(shape, a.id)).toMatchObject({ left: 1 });
    expect(await myProgress(shape, b.id)).toMatchObject({ labeled: 1, left: 3 });
    const progress = await queueProgress(seeded.queueId, 2);
    expect(progress.reviewers.find((r) => r.reviewerId === a.id)).toMatchObject({ timeSpentMs: 3000, timed: 1 });
  });
});

describe("concurrency: two reviewers never both take the last open slot", () => {
  it("ten reviewers race for one open slot: exactly one gets it", async () => {
    const first = await reviewer("first");
    const seeded = await queue(1, { reviewersPerItem: 2 });
    const only = Object.values(seeded.queueItemIds)[0]!;
    // One label in, one slot left.
    itemOf(await nextItem(seeded.queueId, first.id));
    await submitLabel(first.id, { queueId: seeded.queueId, queueItemId: only, value: "pass" });
    const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => reviewer(`racer${i}`)));
    const results = await Promise.all(racers.map((r) => nextItem(seeded.queueId, r.id)));
    expect(results.filter((r) => r.status === "item")).toHaveLength(1);
    expect(results.filter((r) => r.status === "waiting")).toHaveLength(9);
    expect(await db().queueClaim.count({ where: { queueItemId: only } })).toBe(1);
  });

  it("ten reviewers racing over ten single-slot items each get a different one", async () => {
    const seeded = await queue(10);
    const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => reviewer(`racer${i}`)));
    const results = await Promise.all(racers.map((r) => nextItem(seeded.queueId, r.id)));
    const ids = results.map((r) => itemOf(r).queueItemId);
    expect(new Set(ids).size).toBe(10);
  });

  it("concurrent submits without claims on the last slot: exactly one label is written", async () => {
    const seeded = await queue(1);
    const only = Object.values(seeded.queueItemIds)[0]!;
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => reviewer(`racer${i}`)));
    const results = await Promise.allSettled(
      racers.map((r) => submitLabel(r.id, { queueId: seeded.queueId, queueItemId: only, value: "pass" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db().label.count({ where: { queueId: seeded.queueId } })).toBe(1);
    expect(await count(only)).toBe(1);
  });
});

describe("a new rubric version", () => {
  it("serves every item again; the new label replaces the reviewer's old one and old gold stays with its version", async () => {
    const seeded = await queue(2);
    const me = await reviewer();
    const admin = await db().user.create({ data: { email: `admin-${tag()}@example.com`, role: "admin" } });
    for (const value of ["pass", "fail"]) {
      const item = itemOf(await nextItem(seeded.queueId, me.id));
      await submitLabel(me.id, { queueId: seeded.queueId, queueItemId: item.queueItemId, value });
    }
    expect((await nextItem(seeded.queueId, me.id)).status).toBe("done");

    await newRubricVersion(seeded.queueId, "Pass only when the refund is confirmed by email.", admin.id);
    const again = itemOf(await nextItem(seeded.queueId, me.id));
    expect(await count(again.queueItemId)).toBe(0);
    const done = await submitLabel(me.id, { queueId: seeded.queueId, queueItemId: again.queueItemId, value: "fail", reason: "no email" });
    expect(done.gold).toBe("fail");

    const labels = await db().label.findMany({ where: { reviewerId: me.id, transcriptId: again.transcriptId } });
    expect(labels).toEqual([expect.objectContaining({ value: "fail", reason: "no email", rubricVersion: 2, judgeSeen: false })]);
    const gold = await db().goldLabel.findMany({
      where: { queueId: seeded.queueId, transcriptId: again.transcriptId },
      orderBy: { rubricVersion: "asc" },
    });
    expect(gold.map((g) => [g.rubricVersion, g.value])).toEqual([
      [1, "pass"],
      [2, "fail"],
    ]);
    // Labeled under version 2 now: not served again, while the other item still is.
    expect(itemOf(await nextItem(seeded.queueId, me.id)).queueItemId).not.toBe(again.queueItemId);
  });
});
