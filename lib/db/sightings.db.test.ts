import { describe, expect, it } from "vitest";
import { seedQueue } from "../testing/seed-labeling";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { nextItem } from "./labeling/next";
import { revealJudge } from "./labeling/reveal";
import { submitLabel } from "./labeling/submit";
import { undoLastLabel } from "./labeling/undo";
import { newRubricVersion } from "./rubric";
import { verdictDetails } from "./verdicts";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;

async function reviewer() {
  return db().user.create({ data: { email: `seer-${tag()}@example.com`, role: "reviewer" } });
}

function itemOf(result: Awaited<ReturnType<typeof nextItem>>) {
  if (result.status !== "item") throw new Error(`expected an item, got ${result.status}`);
  return result.item;
}

async function labelOf(transcriptId: string, reviewerId: string) {
  return db().label.findUniqueOrThrow({ where: { transcriptId_reviewerId: { transcriptId, reviewerId } } });
}

/** The reviewer takes the queue's next item and labels it, as the workbench does; returns the item served. */
async function labelNext(queueId: string, reviewerId: string, value: string) {
  const served = itemOf(await nextItem(queueId, reviewerId));
  await submitLabel(reviewerId, { queueId, queueItemId: served.queueItemId, value });
  return served;
}

/** The reviewer takes their label back and lets the item go: a full one-reviewer item is open again. */
async function undoAndRelease(queueId: string, reviewerId: string) {
  await undoLastLabel(queueId, reviewerId);
  await db().queueClaim.deleteMany({ where: { reviewerId } });
}

/** One item, one reviewer per item, a judge verdict on it. */
async function oneItem() {
  const key = `seen-${tag()}`;
  const seeded = await seedQueue({
    name: `sightings-${tag()}`,
    items: [{ key, verdicts: [{ judge: `judge-${tag()}`, value: "fail", reason: "JUDGE-REASON" }] }],
  });
  const judgeVersionId = (await db().judgeVerdict.findFirstOrThrow({ where: { transcriptId: seeded.transcriptIds[key]! } })).judgeVersionId;
  return { ...seeded, transcriptId: seeded.transcriptIds[key]!, queueItemId: seeded.queueItemIds[key]!, judgeVersionId };
}

describe("a grade read while an item was full (issue #27, item 4)", () => {
  it("is carried into the label made when another reviewer's undo reopens the item", async () => {
    const item = await oneItem();
    const [first, me] = [await reviewer(), await reviewer()];
    await labelNext(item.queueId, first.id, "pass");
    // Full: the judge's verdict is shown to me, and that is recorded.
    expect(await verdictDetails({ ...me, id: me.id }, item.judgeVersionId, item.transcriptId)).toEqual([
      expect.objectContaining({ reason: "JUDGE-REASON" }),
    ]);
    await undoAndRelease(item.queueId, first.id);
    // Open again: hidden from me now, and served to me.
    expect(await verdictDetails(me, item.judgeVersionId, item.transcriptId)).toBeNull();
    expect((await labelNext(item.queueId, me.id, "fail")).transcriptId).toBe(item.transcriptId);
    expect((await labelOf(item.transcriptId, me.id)).judgeSeen).toBe(true);
    // And, having seen it, I cannot undo my way to a blind relabel.
    await expect(undoLastLabel(item.queueId, me.id)).rejects.toMatchObject({ status: 409 });
  });

  it("leaves a label blind when nothing was shown while the item was full", async () => {
    const item = await oneItem();
    const [first, me] = [await reviewer(), await reviewer()];
    await labelNext(item.queueId, first.id, "pass");
    await undoAndRelease(item.queueId, first.id);
    await labelNext(item.queueId, me.id, "fail");
    expect((await labelOf(item.transcriptId, me.id)).judgeSeen).toBe(false);
    expect(await db().verdictSighting.count({ where: { reviewerId: me.id } })).toBe(0);
  });

  it("records nothing for an item the viewer may still label (hidden) nor for an admin", async () => {
    const item = await oneItem();
    const me = await reviewer();
    const admin = await db().user.create({ data: { email: `admin-${tag()}@example.com`, role: "admin" } });
    expect(await verdictDetails(me, item.judgeVersionId, item.transcriptId)).toBeNull();
    expect(await verdictDetails(admin, item.judgeVersionId, item.transcriptId)).not.toBeNull();
    expect(await db().verdictSighting.count({ where: { transcriptId: item.transcriptId } })).toBe(0);
  });

  it("is carried into the label a new rubric version asks for, after a reveal or a read of the verdict", async () => {
    const item = await oneItem();
    const [revealer, reader] = [await reviewer(), await reviewer()];
    await db().labelQueue.update({ where: { id: item.queueId }, data: { reviewersPerItem: 2 } });
    for (const who of [revealer, reader]) await labelNext(item.queueId, who.id, "pass");
    await revealJudge(revealer.id, { queueId: item.queueId, transcriptId: item.transcriptId });
    expect(await verdictDetails(reader, item.judgeVersionId, item.transcriptId)).not.toBeNull();
    await newRubricVersion(item.queueId, "Pass only when the answer cites its source.", revealer.id);
    for (const who of [revealer, reader]) {
      expect((await labelNext(item.queueId, who.id, "fail")).transcriptId).toBe(item.transcriptId);
      expect(await labelOf(item.transcriptId, who.id)).toMatchObject({ rubricVersion: 2, judgeSeen: true });
    }
  });
});
