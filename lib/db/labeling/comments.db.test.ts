import { describe, expect, it } from "vitest";
import { seedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";
import { decide, listAdjudicationItems } from "../adjudication";
import { findQueue } from "../agreement";
import { db } from "../client";
import { addComment, itemThread, setFlag } from "./comments";
import { submitLabel } from "./submit";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;
const user = (name: string) => db().user.create({ data: { email: `${name}-${tag()}@example.com`, role: "reviewer" } });

describe("comments and flags", () => {
  it("a reviewer sees only their own until they labeled the item; the adjudicator sees all; a decision resolves the flags", async () => {
    const name = `notes-${tag()}`;
    const seeded = await seedQueue({ name, order: "input", reviewersPerItem: 2, items: [{ key: `${name}-0` }, { key: `${name}-1` }] });
    const [a, b, admin] = [await user("a"), await user("b"), await user("admin")];
    const itemId = seeded.queueItemIds[`${name}-0`]!;
    await addComment(a.id, { queueId: seeded.queueId, queueItemId: itemId, body: "is the refund policy v2?" });
    await setFlag(a.id, { queueId: seeded.queueId, queueItemId: itemId, kind: "needs_guideline", on: true });
    await addComment(b.id, { queueId: seeded.queueId, queueItemId: itemId, body: "mine" });

    const blind = await itemThread(itemId, b.id, "reviewer");
    expect(blind.visible).toBe("own");
    expect(blind.comments.map((c) => c.body)).toEqual(["mine"]);
    expect(blind.flags).toEqual([]);

    await submitLabel(b.id, { queueId: seeded.queueId, queueItemId: itemId, value: "pass" });
    const seeing = await itemThread(itemId, b.id, "reviewer");
    expect(seeing.visible).toBe("all");
    expect(seeing.comments.map((c) => [c.body, c.mine])).toEqual([
      ["is the refund policy v2?", false],
      ["mine", true],
    ]);
    expect(seeing.flags.map((f) => [f.kind, f.mine, f.resolved])).toEqual([["needs_guideline", false, false]]);

    // Not a disagreement (one label), but flagged: the adjudicator gets it.
    const queue = (await findQueue(seeded.queueId))!;
    const open = await listAdjudicationItems(queue, { viewerId: admin.id });
    expect(open.items.map((i) => [i.transcriptId, i.disagreement, i.thread.comments.length, i.thread.flags.length])).toEqual([
      [seeded.transcriptIds[`${name}-0`], false, 2, 1],
    ]);
    await decide({ queueId: seeded.queueId, transcriptId: seeded.transcriptIds[`${name}-0`]!, value: "pass", adjudicatorId: admin.id });
    expect((await listAdjudicationItems(queue)).items).toEqual([]);
    expect(await db().itemFlag.findFirst({ where: { queueItemId: itemId }, select: { resolvedById: true } })).toEqual({
      resolvedById: admin.id,
    });
  });

  it("a flag can be cleared by its reviewer; an item of another queue is refused", async () => {
    const name = `flags-${tag()}`;
    const seeded = await seedQueue({ name, order: "input", items: [{ key: `${name}-0` }] });
    const a = await user("a");
    const itemId = seeded.queueItemIds[`${name}-0`]!;
    await setFlag(a.id, { queueId: seeded.queueId, queueItemId: itemId, kind: "unsure", on: true });
    await setFlag(a.id, { queueId: seeded.queueId, queueItemId: itemId, kind: "unsure", on: false });
    expect(await db().itemFlag.count({ where: { queueItemId: itemId } })).toBe(0);
    await expect(addComment(a.id, { queueId: "another-queue", queueItemId: itemId, body: "x" })).rejects.toMatchObject({ status: 404 });
  });
});
