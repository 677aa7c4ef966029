import { describe, expect, it } from "vitest";
import { loadJudgeStatus } from "../judging/approvals";
import { startPassFailJudge } from "../providers/mock-server";
import { addItemsToLabelSet, seedLabelSet, seedUser, type SeedItem } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { decide } from "./adjudication";
import { db } from "./client";
import { editLabel } from "./labeling/mine";
import { submitLabel } from "./labeling/submit";
import { undoLastLabel } from "./labeling/undo";
import { decideGoldChange, listPendingGoldChanges, pendingGoldCounts } from "./pending-gold";
import { mockLlmForFile } from "../testing/mock-llm-hooks";
import { seedCalibratedJudge } from "../testing/seed-gating-judge";

withTestDatabase();

const server = mockLlmForFile(() => startPassFailJudge((prompt) => prompt.includes("good answer"), { pass: "ok", fail: "no" }));

let counter = 0;

/**
 * A judge gating on a label set whose 40 test items two reviewers (a, b) labeled alike (consensus gold), plus two dev
 * items labeled the same way; c is a third reviewer who labeled nothing.
 */
async function gatingOnTwoReviewers() {
  const name = `held-${++counter}-${Date.now().toString(36)}`;
  const [a, b, c] = await Promise.all(["a", "b", "c"].map((r) => seedUser(`${name}-${r}@example.com`, "reviewer")));
  const admin = await seedUser(`${name}-admin@example.com`, "admin");
  const item = (key: string, split: "dev" | "test", gold: string): SeedItem => ({
    key,
    split,
    output: `${gold === "pass" ? "good" : "bad"} answer ${key}`,
    gold,
    labels: [a!, b!].map((r) => ({ reviewer: r.email, value: gold })),
  });
  // The dev item first: an undo takes back a reviewer's newest label, which is then a test item's.
  const items = [
    item("dev0", "dev", "pass"),
    ...Array.from({ length: 20 }, (_, i) => item(`g${i}`, "test", "pass")),
    ...Array.from({ length: 20 }, (_, i) => item(`b${i}`, "test", "fail")),
  ];
  const set = await seedLabelSet({ name, kind: "binary", reviewersPerItem: 2, items });
  const version = await seedCalibratedJudge(`${name}-judge`, {
    baseUrl: server.baseUrl,
    queueId: set.queueId,
    calibratedBy: admin.id,
    approvedBy: admin.id,
  });
  const labelOf = async (reviewer: { id: string }, key: string) =>
    (await db().label.findFirstOrThrow({ where: { reviewerId: reviewer.id, transcriptId: set.transcriptIds[key]! } })).id;
  const goldOf = async (key: string) =>
    db().goldLabel.findFirst({
      where: { queueId: set.queueId, transcriptId: set.transcriptIds[key]! },
      select: { value: true, source: true },
    });
  const state = async () => (await loadJudgeStatus(version.id)).state;
  const open = () => db().pendingGoldChange.findMany({ where: { queueId: set.queueId, resolvedAt: null } });
  return { a: a!, b: b!, c: c!, admin, set, version, labelOf, goldOf, state, open };
}

const asViewer = (user: { id: string; role: string; isAdjudicator?: boolean }) =>
  ({ id: user.id, role: user.role, isAdjudicator: user.isAdjudicator ?? false }) as {
    id: string;
    role: "admin" | "reviewer";
    isAdjudicator: boolean;
  };

describe("a gold change on a gating judge's set waits for a second person", () => {
  it("one reviewer's edit is held (gold and judge unchanged, shown pending); the other reviewer confirms it, and the judge goes stale", async () => {
    const s = await gatingOnTwoReviewers();
    expect(await s.state()).toBe("gating");
    const edited = await editLabel(s.a.id, { labelId: await s.labelOf(s.a, "g0"), value: "fail" });
    expect(edited).toMatchObject({ goldChanged: false, goldChangeHeld: true });
    expect(await s.goldOf("g0")).toEqual({ value: "pass", source: "consensus" });
    expect(await s.state()).toBe("gating");
    expect(await pendingGoldCounts([s.set.queueId])).toEqual(new Map([[s.set.queueId, 1]]));

    const forAdmin = await listPendingGoldChanges(s.set.queueId, asViewer(s.admin));
    expect(forAdmin.rows).toEqual([
      expect.objectContaining({ itemKey: "g0", fromValue: "pass", toValue: null, cause: "edit", proposedBy: s.a.email, mayDecide: true }),
    ]);
    expect((await listPendingGoldChanges(s.set.queueId, asViewer(s.a))).rows[0]!.mayDecide).toBe(false);
    expect((await listPendingGoldChanges(s.set.queueId, asViewer(s.b))).rows[0]!.mayDecide).toBe(true);
    const changeId = forAdmin.rows[0]!.id;

    // Not the proposer, even an admin one; not a reviewer who never labeled the item.
    await expect(decideGoldChange({ changeId, decision: "confirm" }, asViewer(s.a))).rejects.toThrow("You proposed this change");
    await expect(decideGoldChange({ changeId, decision: "confirm" }, asViewer(s.c))).rejects.toThrow(
      "Only an adjudicator or another reviewer who labeled this item",
    );
    expect(await s.state()).toBe("gating");

    expect(await decideGoldChange({ changeId, decision: "confirm" }, asViewer(s.b))).toMatchObject({ goldChanged: true });
    expect(await s.goldOf("g0")).toBeNull();
    expect(await s.state()).toBe("stale");
    const stale = await db().auditEvent.findFirstOrThrow({ where: { action: "judge.stale", targetId: s.version.id } });
    expect((stale.details as { reason: string }).reason).toContain(`a confirmed gold change on ${s.set.transcriptIds.g0}`);
    expect(await db().pendingGoldChange.findUniqueOrThrow({ where: { id: changeId } })).toMatchObject({
      resolution: "confirmed",
      decidedById: s.b.id,
    });
    const held = await db().auditEvent.findFirstOrThrow({ where: { action: "gold.change_held", targetId: s.set.transcriptIds.g0 } });
    expect(held).toMatchObject({ actorId: s.a.id, details: expect.objectContaining({ from: "pass", to: null, cause: "edit" }) });
    await expect(decideGoldChange({ changeId, decision: "reject" }, asViewer(s.admin))).rejects.toThrow("was confirmed already");
  });

  it("an adjudicator's rejection keeps the gold and the judge as they were; the reviewer's label stays as they left it", async () => {
    const s = await gatingOnTwoReviewers();
    await editLabel(s.a.id, { labelId: await s.labelOf(s.a, "b3"), value: "pass" });
    const [change] = await s.open();
    await decideGoldChange({ changeId: change!.id, decision: "reject" }, asViewer(s.admin));
    expect(await s.goldOf("b3")).toEqual({ value: "fail", source: "consensus" });
    expect(await s.state()).toBe("gating");
    expect(await s.open()).toEqual([]);
    expect((await db().label.findUniqueOrThrow({ where: { id: await s.labelOf(s.a, "b3") } })).value).toBe("pass");
    expect(await db().auditEvent.count({ where: { action: "gold.change_rejected", actorId: s.admin.id } })).toBe(1);
  });

  it("two agreeing independent labels are not held: the second reviewer's matching edit applies the change", async () => {
    const s = await gatingOnTwoReviewers();
    await editLabel(s.a.id, { labelId: await s.labelOf(s.a, "g1"), value: "fail" });
    expect(await s.state()).toBe("gating");
    const second = await editLabel(s.b.id, { labelId: await s.labelOf(s.b, "g1"), value: "fail" });
    expect(second).toMatchObject({ goldChanged: true, goldChangeHeld: false });
    expect(await s.goldOf("g1")).toEqual({ value: "fail", source: "consensus" });
    expect(await s.open()).toEqual([]);
    expect(await db().pendingGoldChange.findFirstOrThrow({ where: { queueId: s.set.queueId } })).toMatchObject({
      resolution: "superseded",
    });
    expect(await s.state()).toBe("stale");
  });

  it("an edit taken back withdraws the held change; dev items and sets no judge stands on are not held", async () => {
    const s = await gatingOnTwoReviewers();
    const label = await s.labelOf(s.a, "g2");
    await editLabel(s.a.id, { labelId: label, value: "fail" });
    expect(await editLabel(s.a.id, { labelId: label, value: "pass" })).toMatchObject({ goldChanged: false, goldChangeHeld: false });
    expect(await s.open()).toEqual([]);
    expect(await db().pendingGoldChange.findFirstOrThrow({ where: { queueId: s.set.queueId } })).toMatchObject({ resolution: "withdrawn" });
    // The dev split is not what the gate reads: the change applies at once, and the judge stays gating.
    expect(await editLabel(s.a.id, { labelId: await s.labelOf(s.a, "dev0"), value: "fail" })).toMatchObject({ goldChanged: true });
    expect(await s.goldOf("dev0")).toBeNull();
    expect(await s.state()).toBe("gating");
  });

  it("an undo is held; relabeling the same value withdraws it, and adjudication itself is never held", async () => {
    const s = await gatingOnTwoReviewers();
    const undone = await undoLastLabel(s.set.queueId, s.a.id);
    const key = Object.entries(s.set.transcriptIds).find(([, id]) => id === undone.transcriptId)![0];
    expect(key).not.toBe("dev0");
    const before = await s.goldOf(key);
    expect(before).not.toBeNull();
    expect((await s.open()).map((c) => ({ cause: c.cause, fromValue: c.fromValue, toValue: c.toValue }))).toEqual([
      { cause: "undo", fromValue: before!.value, toValue: null },
    ]);
    expect(await s.state()).toBe("gating");
    const done = await submitLabel(s.a.id, { queueId: s.set.queueId, queueItemId: undone.queueItemId, value: before!.value });
    expect(done.gold).toBe(before!.value);
    expect(await s.open()).toEqual([]);
    expect(await s.state()).toBe("gating");

    // An adjudicator's decision changes gold at once (and supersedes a change held on the item).
    await editLabel(s.a.id, { labelId: await s.labelOf(s.a, "g4"), value: "fail" });
    await decide({ queueId: s.set.queueId, transcriptId: s.set.transcriptIds.g4!, value: "fail", adjudicatorId: s.admin.id });
    expect(await s.open()).toEqual([]);
    expect(await s.goldOf("g4")).toEqual({ value: "fail", source: "adjudication" });
    expect(await s.state()).toBe("stale");
  });

  it("first labels on items not yet gold make gold at once (the judge goes stale as before)", async () => {
    const s = await gatingOnTwoReviewers();
    await addItemsToLabelSet(s.set.queueId, [{ key: "new0", split: "test", output: "good answer new0", gold: null }]);
    const item = await db().queueItem.findFirstOrThrow({ where: { queueId: s.set.queueId, transcript: { externalId: "new0" } } });
    await submitLabel(s.a.id, { queueId: s.set.queueId, queueItemId: item.id, value: "pass" });
    const second = await submitLabel(s.b.id, { queueId: s.set.queueId, queueItemId: item.id, value: "pass" });
    expect(second.gold).toBe("pass");
    expect(await s.open()).toEqual([]);
    expect(await s.goldOf("new0")).toEqual({ value: "pass", source: "consensus" });
    expect(await s.state()).toBe("stale");
  });
});
