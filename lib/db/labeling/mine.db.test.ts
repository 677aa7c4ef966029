import { describe, expect, it } from "vitest";
import { seedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";
import { db } from "../client";
import { newRubricVersion } from "../rubric";
import { editLabel, listMyLabels, listMySkips, myLabel, unskipItem } from "./mine";
import { nextItem } from "./next";
import { skipItem, submitLabel } from "./submit";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;

async function reviewer(name = "r") {
  return db().user.create({ data: { email: `${name}-${tag()}@example.com`, role: "reviewer" } });
}

async function queue(size: number, reviewersPerItem = 1) {
  const name = `mine-${tag()}`;
  const items = Array.from({ length: size }, (_, i) => ({ key: `${name}-item-${i}` }));
  return seedQueue({ name, order: "input", items, reviewersPerItem });
}

const gold = (queueId: string) => db().goldLabel.findMany({ where: { queueId }, select: { value: true, source: true } });

describe("editLabel", () => {
  it("changes the label's value and keeps the earlier one readable", async () => {
    const q = await queue(1);
    const me = await reviewer();
    const [itemId] = Object.values(q.queueItemIds);
    const { labelId } = await submitLabel(me.id, { queueId: q.queueId, queueItemId: itemId!, value: "pass", reason: "looks right" });
    await editLabel(me.id, { labelId, value: "fail", reason: "missed the refund" });
    await editLabel(me.id, { labelId, value: "pass", reason: "the refund is there after all" });
    const detail = await myLabel(me.id, labelId);
    expect(detail).toMatchObject({ value: "pass", reason: "the refund is there after all", blocked: null });
    expect(detail!.history.map((h) => [h.previousValue, h.value])).toEqual([
      ["pass", "fail"],
      ["fail", "pass"],
    ]);
    expect(detail!.history[0]!.previousReason).toBe("looks right");
    const { rows } = await listMyLabels(me.id, { queueId: q.queueId });
    expect(rows).toEqual([expect.objectContaining({ labelId, value: "pass", edits: 2, blocked: null })]);
  });

  it("makes, changes and removes the consensus gold label as the item's labels come to agree or not", async () => {
    const q = await queue(1, 2);
    const [a, b] = [await reviewer("a"), await reviewer("b")];
    const [itemId] = Object.values(q.queueItemIds);
    const la = await submitLabel(a.id, { queueId: q.queueId, queueItemId: itemId!, value: "pass" });
    await submitLabel(b.id, { queueId: q.queueId, queueItemId: itemId!, value: "fail" });
    expect(await gold(q.queueId)).toEqual([]);
    expect(await editLabel(a.id, { labelId: la.labelId, value: "fail" })).toEqual({
      queueId: q.queueId,
      goldChanged: true,
      goldChangeHeld: false,
    });
    expect(await gold(q.queueId)).toEqual([{ value: "fail", source: "consensus" }]);
    expect(await editLabel(a.id, { labelId: la.labelId, value: "pass" })).toEqual({
      queueId: q.queueId,
      goldChanged: true,
      goldChangeHeld: false,
    });
    expect(await gold(q.queueId)).toEqual([]);
  });

  it("refuses once an adjudicator decided the item, after the judge was revealed, and for someone else's label", async () => {
    const q = await queue(2);
    const [me, other] = [await reviewer("me"), await reviewer("other")];
    const [first, second] = Object.values(q.queueItemIds);
    const one = await submitLabel(me.id, { queueId: q.queueId, queueItemId: first!, value: "pass" });
    const two = await submitLabel(me.id, { queueId: q.queueId, queueItemId: second!, value: "pass" });
    await db().goldLabel.update({
      where: { queueId_transcriptId_rubricVersion: { queueId: q.queueId, transcriptId: one.transcriptId, rubricVersion: 1 } },
      data: { source: "adjudication", value: "fail" },
    });
    await expect(editLabel(me.id, { labelId: one.labelId, value: "fail" })).rejects.toMatchObject({ status: 409 });
    await db().label.update({ where: { id: two.labelId }, data: { judgeSeen: true } });
    await expect(editLabel(me.id, { labelId: two.labelId, value: "fail" })).rejects.toMatchObject({ status: 409 });
    await expect(editLabel(other.id, { labelId: two.labelId, value: "fail" })).rejects.toMatchObject({ status: 404 });
    expect(await db().labelEdit.count({ where: { labelId: { in: [one.labelId, two.labelId] } } })).toBe(0);
    const { rows } = await listMyLabels(me.id, { queueId: q.queueId });
    expect(rows.map((r) => r.blocked)).toEqual([expect.stringMatching(/judge's verdict/), expect.stringMatching(/adjudicator/)]);
    expect(await myLabel(other.id, one.labelId)).toBeNull();
  });

  it("checks the value against the queue's kind and refuses a change that changes nothing", async () => {
    const q = await queue(1);
    const me = await reviewer();
    const { labelId } = await submitLabel(me.id, { queueId: q.queueId, queueItemId: Object.values(q.queueItemIds)[0]!, value: "pass" });
    await expect(editLabel(me.id, { labelId, value: "A" })).rejects.toMatchObject({ status: 422, field: "value" });
    await expect(editLabel(me.id, { labelId, value: "pass" })).rejects.toMatchObject({ status: 422 });
  });

  it("does not show a replaced label's edits as the new label's history after a new rubric version", async () => {
    const q = await queue(1);
    const me = await reviewer();
    const itemId = Object.values(q.queueItemIds)[0]!;
    const first = await submitLabel(me.id, { queueId: q.queueId, queueItemId: itemId, value: "pass" }, new Date(Date.now() - 60_000));
    await editLabel(me.id, { labelId: first.labelId, value: "fail" }, new Date(Date.now() - 30_000));
    expect((await listMyLabels(me.id, { queueId: q.queueId })).rows[0]!.blocked).toBeNull();
    await newRubricVersion(q.queueId, "A stricter rubric.", me.id);
    expect((await listMyLabels(me.id, { queueId: q.queueId })).rows[0]!.blocked).toMatch(/rubric version 1/);
    const again = await submitLabel(me.id, { queueId: q.queueId, queueItemId: itemId, value: "pass" });
    expect(await myLabel(me.id, again.labelId)).toMatchObject({ value: "pass", history: [], blocked: null });
  });
});

describe("listMyLabels", () => {
  it("pages newest first by keyset, across queues or in one", async () => {
    const [q1, q2] = [await queue(40), await queue(30)];
    const me = await reviewer();
    const base = Date.now() - 100_000;
    let n = 0;
    for (const q of [q1, q2])
      for (const itemId of Object.values(q.queueItemIds))
        await submitLabel(me.id, { queueId: q.queueId, queueItemId: itemId, value: "pass" }, new Date(base + n++ * 1000));
    const first = await listMyLabels(me.id);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.queueName).toMatch(/^mine-/);
    const second = await listMyLabels(me.id, { cursor: first.next! });
    expect(second.rows).toHaveLength(20);
    expect(second.next).toBeNull();
    const all = [...first.rows, ...second.rows].map((r) => r.createdAt.getTime());
    expect(all).toEqual([...all].sort((x, y) => y - x));
    expect(new Set([...first.rows, ...second.rows].map((r) => r.labelId)).size).toBe(70);
    expect((await listMyLabels(me.id, { queueId: q2.queueId })).rows).toHaveLength(30);
  });
});

describe("unskipItem", () => {
  it("gives a skipped item back to the reviewer, and only their own skip", async () => {
    const q = await queue(1);
    const [me, other] = [await reviewer("me"), await reviewer("other")];
    const itemId = Object.values(q.queueItemIds)[0]!;
    await skipItem(me.id, { queueId: q.queueId, queueItemId: itemId });
    expect(await nextItem(q.queueId, me.id)).toEqual({ status: "done" });
    expect(await listMySkips(me.id)).toEqual([expect.objectContaining({ queueId: q.queueId, queueItemId: itemId })]);
    await expect(unskipItem(other.id, { queueId: q.queueId, queueItemId: itemId })).rejects.toMatchObject({ status: 404 });
    await unskipItem(me.id, { queueId: q.queueId, queueItemId: itemId });
    expect(await listMySkips(me.id)).toEqual([]);
    expect(await nextItem(q.queueId, me.id)).toMatchObject({ status: "item", item: { queueItemId: itemId } });
  });
});
