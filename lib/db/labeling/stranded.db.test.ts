import { describe, expect, it } from "vitest";
import { seedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";
import { db } from "../client";
import { nextItem } from "./next";
import { queueStanding, reopenStranded } from "./stranded";
import { skipItem, submitLabel } from "./submit";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;

/** A 2-reviewer queue assigned to exactly two reviewers (and an admin who adjudicates). */
async function assignedPair(size: number) {
  const name = `stranded-${tag()}`;
  const [a, b] = [`a-${name}@example.com`, `b-${name}@example.com`];
  const items = Array.from({ length: size }, (_, i) => ({ key: `${name}-${i}` }));
  const seeded = await seedQueue({ name, order: "input", items, reviewersPerItem: 2, assign: [a, b] });
  const users = await db().user.findMany({ where: { email: { in: [a, b] } } });
  const id = (email: string) => users.find((u) => u.email === email)!.id;
  const admin = await db().user.create({ data: { email: `admin-${name}@example.com`, role: "admin" } });
  const queue = { id: seeded.queueId, reviewersPerItem: 2, rubricVersion: 1 };
  return { ...seeded, queue, a: id(a), b: id(b), aEmail: a, admin: admin.id, keys: items.map((i) => i.key) };
}

describe("queueStanding", () => {
  it("counts an item one of two assigned reviewers skipped as stranded, for the queue and for that reviewer", async () => {
    const q = await assignedPair(3);
    const [first, second] = q.keys.map((k) => q.queueItemIds[k]!);
    await skipItem(q.a, { queueId: q.queueId, queueItemId: first! });
    await submitLabel(q.a, { queueId: q.queueId, queueItemId: second!, value: "pass" });
    await submitLabel(q.b, { queueId: q.queueId, queueItemId: second!, value: "pass" });
    const standing = await queueStanding(q.queue);
    expect(standing).toMatchObject({ pool: 2, done: 1, left: 1, skipped: 1, stranded: 1 });
    expect(standing.strandedItems).toEqual([{ queueItemId: first, itemKey: q.keys[0], labels: 0, skippedBy: [q.aEmail] }]);
    expect(standing.reviewers.get(q.a)).toEqual({ left: 1, stranded: 1 });
    expect(standing.reviewers.get(q.b)).toEqual({ left: 2, stranded: 0 });
  });

  it("does not count a skip that others can still make up for", async () => {
    const name = `open-${tag()}`;
    const seeded = await seedQueue({
      name,
      order: "input",
      items: [{ key: `${name}-0` }],
      reviewersPerItem: 1,
      assign: [`x-${name}@e.com`, `y-${name}@e.com`],
    });
    const x = await db().user.findUniqueOrThrow({ where: { email: `x-${name}@e.com` } });
    await skipItem(x.id, { queueId: seeded.queueId, queueItemId: seeded.queueItemIds[`${name}-0`]! });
    expect(await queueStanding({ id: seeded.queueId, reviewersPerItem: 1, rubricVersion: 1 })).toMatchObject({
      skipped: 1,
      stranded: 0,
      left: 1,
    });
  });

  it("counts every open item stranded when the pool is smaller than the reviewers an item needs", async () => {
    const name = `small-${tag()}`;
    const seeded = await seedQueue({
      name,
      order: "input",
      items: [{ key: `${name}-0` }, { key: `${name}-1` }],
      reviewersPerItem: 2,
      assign: [`only-${name}@e.com`],
    });
    expect(await queueStanding({ id: seeded.queueId, reviewersPerItem: 2, rubricVersion: 1 })).toMatchObject({
      pool: 1,
      stranded: 2,
      left: 0,
    });
  });
});

describe("reopenStranded", () => {
  it("clears the skips on stranded items so the reviewer who skipped is offered the item again, and records it", async () => {
    const q = await assignedPair(2);
    const first = q.queueItemIds[q.keys[0]!]!;
    await skipItem(q.a, { queueId: q.queueId, queueItemId: first });
    await submitLabel(q.b, { queueId: q.queueId, queueItemId: first, value: "fail" });
    expect((await queueStanding(q.queue)).stranded).toBe(1);
    expect(await reopenStranded(q.admin, { queueId: q.queueId })).toEqual({ items: 1, stillStranded: 0 });
    expect((await queueStanding(q.queue)).stranded).toBe(0);
    expect(await nextItem(q.queueId, q.a)).toMatchObject({ status: "item", item: { queueItemId: first } });
    const events = await db().auditEvent.findMany({ where: { action: "queue.stranded_reopened", targetId: q.queueId } });
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ items: 1, skipsCleared: 1 });
  });

  it("reopens one item when asked, and refuses an item that is not stranded", async () => {
    const q = await assignedPair(2);
    const [first, second] = q.keys.map((k) => q.queueItemIds[k]!);
    await skipItem(q.a, { queueId: q.queueId, queueItemId: first! });
    await skipItem(q.a, { queueId: q.queueId, queueItemId: second! });
    expect(await reopenStranded(q.admin, { queueId: q.queueId, queueItemId: second! })).toEqual({ items: 1, stillStranded: 0 });
    expect((await queueStanding(q.queue)).strandedItems.map((i) => i.queueItemId)).toEqual([first]);
    await expect(reopenStranded(q.admin, { queueId: q.queueId, queueItemId: second! })).rejects.toMatchObject({ status: 409 });
  });
});
