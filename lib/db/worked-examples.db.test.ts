import { describe, expect, it } from "vitest";
import { seedQueue } from "../testing/seed-labeling";
import { withTestDatabase } from "../testing/test-database";
import { decide } from "./adjudication";
import { countAuditEvents, listAuditEvents } from "./audit";
import { db } from "./client";
import { undoLastLabel } from "./labeling/undo";
import { newRubricVersion } from "./rubric";
import { addWorkedExample, exampleTranscriptIds, guidelineExamples, listWorkedExamples, removeWorkedExample } from "./worked-examples";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;

/**
 * A 2-reviewer queue: "done" has both labels (they disagree) and an adjudicated gold label; "half"
 * has one label and an early (flag) decision; "open" has nothing.
 */
async function queue() {
  const name = `ex-${tag()}`;
  const [a, b] = [`a-${name}@example.com`, `b-${name}@example.com`];
  const seeded = await seedQueue({
    name,
    order: "input",
    reviewersPerItem: 2,
    items: [
      {
        key: `${name}-done`,
        taskPrompt: "Refund order 7 in full.",
        finalOutput: "Refunded 7.",
        content: {
          messages: [
            { role: "user", content: "Refund order 7 in full." },
            { role: "assistant", content: "Done.", toolCalls: [{ name: "issue_refund", arguments: { order: 7 }, result: { ok: true } }] },
          ],
        },
        labels: [
          { reviewer: a, value: "pass" },
          { reviewer: b, value: "fail" },
        ],
      },
      { key: `${name}-half`, labels: [{ reviewer: a, value: "pass" }] },
      { key: `${name}-open` },
    ],
  });
  const admin = await db().user.create({ data: { email: `admin-${name}@example.com`, role: "admin" } });
  const key = (k: string) => `${name}-${k}`;
  for (const k of ["done", "half"])
    await decide({ queueId: seeded.queueId, transcriptId: seeded.transcriptIds[key(k)]!, value: "pass", adjudicatorId: admin.id });
  const shape = await db().labelQueue.findUniqueOrThrow({ where: { id: seeded.queueId } });
  return { ...seeded, name, admin, key, shape, reviewers: { a, b } };
}

describe("worked examples", () => {
  it("attaches a finished gold item with its gold value, audited without the explanation, and shows it beside other items only", async () => {
    const q = await queue();
    const before = await countAuditEvents({ action: "example.added" });
    const example = await addWorkedExample(q.admin.id, {
      queueId: q.queueId,
      item: q.key("done"),
      explanation: "A full refund is what the task asked for: SECRET-EXPLANATION",
    });
    expect(example).toMatchObject({ rubricVersion: 1, expectedValue: "pass" });
    expect(await countAuditEvents({ action: "example.added" })).toBe(before + 1);
    const [event] = await listAuditEvents({ action: "example.added", limit: 1 });
    expect(event).toMatchObject({ actorId: q.admin.id, targetType: "queue", targetId: q.queueId });
    expect(event!.details).toMatchObject({ exampleId: example.id, expectedValue: "pass", transcriptId: q.transcriptIds[q.key("done")] });
    expect(JSON.stringify(event!.details)).not.toContain("SECRET-EXPLANATION");
    expect(JSON.stringify(event!.details)).not.toContain("Refund order 7");

    const beside = await guidelineExamples(q.shape, q.transcriptIds[q.key("open")]!);
    expect(beside).toHaveLength(1);
    expect(beside[0]).toMatchObject({ expectedValue: "pass", explanation: expect.stringContaining("full refund") });
    expect(beside[0]!.taskPrompt.text).toBe("Refund order 7 in full.");
    expect(beside[0]!.finalOutput?.text).toBe("Refunded 7.");
    // The card shows the tool calls the agent made.
    expect(beside[0]!.toolCalls).toEqual([
      {
        name: "issue_refund",
        arguments: { text: '{\n  "order": 7\n}', length: 16 },
        result: { text: '{\n  "ok": true\n}', length: 16 },
        error: null,
      },
    ]);
    // The item on screen is never its own example.
    expect(await guidelineExamples(q.shape, q.transcriptIds[q.key("done")]!)).toEqual([]);
    expect(await exampleTranscriptIds(q.queueId, 1)).toEqual(new Set([q.transcriptIds[q.key("done")]]));
  });

  it("refuses items whose labeling is not finished, unknown items, and the same item twice", async () => {
    const q = await queue();
    const add = (item: string) => addWorkedExample(q.admin.id, { queueId: q.queueId, item, explanation: "why" });
    await expect(add(q.key("open"))).rejects.toThrow(/no gold label at rubric v1/);
    // Decided early from a flag: gold, but a reviewer may still be served it.
    await expect(add(q.key("half"))).rejects.toThrow(/still needs labels \(1 of 2\)/);
    await expect(add("no-such-item")).rejects.toThrow(/No item "no-such-item" in this queue/);
    // By transcript id as well as external id.
    await add(q.transcriptIds[q.key("done")]!);
    await expect(add(q.key("done"))).rejects.toThrow(/already a worked example of rubric v1/);
    expect(await db().workedExample.count({ where: { queueId: q.queueId } })).toBe(1);
  });

  it("refuses a test-split item, finished or not, on the server with a message, and attaches nothing", async () => {
    const q = await queue();
    await db().queueItem.update({ where: { id: q.queueItemIds[q.key("done")]! }, data: { split: "test" } });
    await expect(addWorkedExample(q.admin.id, { queueId: q.queueId, item: q.key("done"), explanation: "why" })).rejects.toMatchObject({
      message: expect.stringContaining("in the test split, which measures judges"),
      status: 409,
      field: "item",
    });
    expect(await db().workedExample.count({ where: { queueId: q.queueId } })).toBe(0);
  });

  it("refuses a transcript that another queue still needs labels on", async () => {
    const q = await queue();
    const other = await db().labelQueue.create({ data: { name: `other-${q.name}`, rubric: "r", reviewersPerItem: 1 } });
    await db().queueItem.create({ data: { queueId: other.id, transcriptId: q.transcriptIds[q.key("done")]!, orderKey: "0" } });
    await expect(addWorkedExample(q.admin.id, { queueId: q.queueId, item: q.key("done"), explanation: "why" })).rejects.toThrow(
      new RegExp(`still needs labels in "other-${q.name}"`),
    );
  });

  it("a new rubric version starts with none; the old ones stay listed under their version", async () => {
    const q = await queue();
    await addWorkedExample(q.admin.id, { queueId: q.queueId, item: q.key("done"), explanation: "why" });
    const v2 = await newRubricVersion(q.queueId, "Pass only when the refund is full and prompt.", q.admin.id);
    const shape = { ...q.shape, rubricVersion: v2.rubricVersion };
    expect(await guidelineExamples(shape, null)).toEqual([]);
    expect((await listWorkedExamples(q.queueId)).map((e) => [e.rubricVersion, e.itemKey, e.expectedValue])).toEqual([
      [1, q.key("done"), "pass"],
    ]);
    // Under v2 the item is open again (no gold at v2): it cannot be an example of v2.
    await expect(addWorkedExample(q.admin.id, { queueId: q.queueId, item: q.key("done"), explanation: "why" })).rejects.toThrow(
      /no gold label at rubric v2/,
    );
  });

  it("an example whose item is open again (a label undone) leaves the panel", async () => {
    const q = await queue();
    await addWorkedExample(q.admin.id, { queueId: q.queueId, item: q.key("done"), explanation: "why" });
    const b = await db().user.findUniqueOrThrow({ where: { email: q.reviewers.b } });
    // b's only label in the queue is on that item: undoing it frees a slot, so the item may be served again.
    await undoLastLabel(q.queueId, b.id);
    expect(await guidelineExamples(q.shape, null)).toEqual([]);
  });

  it("removes an example, audited", async () => {
    const q = await queue();
    const example = await addWorkedExample(q.admin.id, { queueId: q.queueId, item: q.key("done"), explanation: "why" });
    const before = await countAuditEvents({ action: "example.removed" });
    await removeWorkedExample(q.admin.id, { queueId: q.queueId, exampleId: example.id });
    expect(await countAuditEvents({ action: "example.removed" })).toBe(before + 1);
    expect(await guidelineExamples(q.shape, null)).toEqual([]);
    await expect(removeWorkedExample(q.admin.id, { queueId: q.queueId, exampleId: example.id })).rejects.toThrow(/No such worked example/);
  });
});
