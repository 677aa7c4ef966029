import { describe, expect, it } from "vitest";
import { seedQueue } from "../testing/seed-labeling";
import { withTestDatabase } from "../testing/test-database";
import { decide } from "./adjudication";
import { countAuditEvents, listAuditEvents } from "./audit";
import { db } from "./client";
import { undoLastLabel } from "./labeling/undo";
import { newRubricVersion } from "./rubric";
import { newQueueInput } from "../labeling/new-queue-input";
import { newTranscriptSchema } from "../schemas/transcripts";
import { createQueue } from "./queue-admin";
import { importTranscripts } from "./transcripts";
import { addWorkedExample, exampleTranscriptIds, guidelineExamples, listWorkedExamples, removeWorkedExample } from "./worked-examples";

withTestDatabase();

let counter = 0;
const none = { examples: [], hiddenPending: 0 };
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
  // A reviewer who has labeled nothing: "open" is pending for them here, the examples' transcripts nowhere.
  const c = await db().user.create({ data: { email: `c-${name}@example.com`, role: "reviewer" } });
  const viewer = { id: c.id, role: "reviewer" as const };
  const key = (k: string) => `${name}-${k}`;
  for (const k of ["done", "half"])
    await decide({ queueId: seeded.queueId, transcriptId: seeded.transcriptIds[key(k)]!, value: "pass", adjudicatorId: admin.id });
  const shape = await db().labelQueue.findUniqueOrThrow({ where: { id: seeded.queueId } });
  return { ...seeded, name, admin, key, shape, viewer, reviewers: { a, b } };
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

    const { examples: beside, hiddenPending } = await guidelineExamples(q.shape, q.transcriptIds[q.key("open")]!, q.viewer);
    expect(hiddenPending).toBe(0);
    expect(beside).toHaveLength(1);
    expect(beside[0]).toMatchObject({ expectedValue: "pass", explanation: expect.stringContaining("full refund") });
    expect(beside[0]!.taskPrompt.text).toBe("Refund order 7 in full.");
    expect(beside[0]!.finalOutput?.text).toBe("Refunded 7.");
    // The card shows the tool calls the agent made.
    expect(beside[0]!.toolCalls).toEqual([
      {
        name: "issue_refund",
        arguments: { text: '{"order":7}', length: 11 },
        result: { text: '{"ok":true}', length: 11 },
        error: null,
      },
    ]);
    // The item on screen is never its own example.
    expect(await guidelineExamples(q.shape, q.transcriptIds[q.key("done")]!, q.viewer)).toEqual(none);
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
    expect(await guidelineExamples(shape, null, q.viewer)).toEqual(none);
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
    expect(await guidelineExamples(q.shape, null, q.viewer)).toEqual(none);
  });

  it("removes an example, audited", async () => {
    const q = await queue();
    const example = await addWorkedExample(q.admin.id, { queueId: q.queueId, item: q.key("done"), explanation: "why" });
    const before = await countAuditEvents({ action: "example.removed" });
    await removeWorkedExample(q.admin.id, { queueId: q.queueId, exampleId: example.id });
    expect(await countAuditEvents({ action: "example.removed" })).toBe(before + 1);
    expect(await guidelineExamples(q.shape, null, q.viewer)).toEqual(none);
    await expect(removeWorkedExample(q.admin.id, { queueId: q.queueId, exampleId: example.id })).rejects.toThrow(/No such worked example/);
  });

  it("shows no example whose transcript the viewer has to label in another queue, checked when shown, not when attached", async () => {
    const q = await queue();
    await addWorkedExample(q.admin.id, { queueId: q.queueId, item: q.key("done"), explanation: "LEAK-EXPLANATION" });
    const open = q.transcriptIds[q.key("open")]!;
    expect((await guidelineExamples(q.shape, open, q.viewer)).examples).toHaveLength(1);
    // Later, the same transcript becomes labelable in another queue: c may be served it there.
    const other = await db().labelQueue.create({ data: { name: `later-${q.name}`, rubric: "r", reviewersPerItem: 1 } });
    await db().queueItem.create({ data: { queueId: other.id, transcriptId: q.transcriptIds[q.key("done")]!, orderKey: "0" } });
    const seen = await guidelineExamples(q.shape, open, q.viewer);
    expect(seen).toEqual({ examples: [], hiddenPending: 1 });
    expect(JSON.stringify(seen)).not.toContain("LEAK-EXPLANATION");
    // Those who labeled it already, and admins, still see it; it is about what c may still label.
    const a = await db().user.findUniqueOrThrow({ where: { email: q.reviewers.a } });
    expect((await guidelineExamples(q.shape, open, { id: a.id, role: "reviewer" })).examples).toHaveLength(1);
    expect((await guidelineExamples(q.shape, open, { id: q.admin.id, role: "admin" })).examples).toHaveLength(1);
    // Assigned to others only: c will never label it there, so the example is back for c.
    const d = await db().user.create({ data: { email: `d-${q.name}@example.com`, role: "reviewer" } });
    await db().queueAssignment.create({ data: { queueId: other.id, userId: d.id } });
    expect((await guidelineExamples(q.shape, open, q.viewer)).examples).toHaveLength(1);
    expect(await guidelineExamples(q.shape, open, { id: d.id, role: "reviewer" })).toMatchObject({ examples: [], hiddenPending: 1 });
    // Archived: nothing to label there any more.
    await db().labelQueue.update({ where: { id: other.id }, data: { archivedAt: new Date() } });
    expect((await guidelineExamples(q.shape, open, { id: d.id, role: "reviewer" })).examples).toHaveLength(1);
  });
});

describe("worked examples written on the new-queue form", () => {
  const written = [
    "expected: fail",
    "task: Refund order 7.",
    "output: I refunded order 7.",
    'tool: issue_refund {"order": 7}',
    'result: {"refunded": 20}',
    'tool: issue_refund {"order": 7}',
    "why: WRITTEN-WHY: a second refund for the same order.",
    "---",
    '{"expected": "pass", "why": "One refund.", "task_prompt": "Refund order 8.", "final_output": "Refunded once."}',
  ].join("\n");

  async function seeded() {
    const q = await queue();
    const admin = q.admin;
    return { q, admin };
  }

  it("stores them with the queue, audited without the explanation, and the panel shows them with their tool calls", async () => {
    const { q, admin } = await seeded();
    const name = `written-${q.name}`;
    const created = await createQueue(
      newQueueInput.parse({ name, rubric: "Pass when refunded once.", source: "source", transcriptSource: "jsonl", examples: written }),
      admin.id,
    );
    expect(created.examples).toBe(2);
    const queueRow = await db().labelQueue.findUniqueOrThrow({ where: { id: created.queue.id } });
    const panel = await guidelineExamples(queueRow, null, q.viewer);
    expect(panel.hiddenPending).toBe(0);
    expect(panel.examples.map((e) => [e.expectedValue, e.taskPrompt.text, e.finalOutput?.text])).toEqual([
      ["fail", "Refund order 7.", "I refunded order 7."],
      ["pass", "Refund order 8.", "Refunded once."],
    ]);
    expect(panel.examples[0]!.toolCalls).toEqual([
      {
        name: "issue_refund",
        arguments: { text: '{"order":7}', length: 11 },
        result: { text: '{"refunded":20}', length: 15 },
        error: null,
      },
      { name: "issue_refund", arguments: { text: '{"order":7}', length: 11 }, result: null, error: null },
    ]);
    expect((await listWorkedExamples(created.queue.id)).map((e) => [e.itemKey, e.transcriptId, e.expectedValue])).toEqual([
      ["written", null, "fail"],
      ["written", null, "pass"],
    ]);
    const events = await listAuditEvents({ action: "example.added", limit: 2 });
    expect(events.map((e) => e.details)).toEqual(
      expect.arrayContaining([expect.objectContaining({ queueId: created.queue.id, written: true, expectedValue: "fail" })]),
    );
    expect(JSON.stringify(events)).not.toContain("WRITTEN-WHY");
    const made = await db().auditEvent.findFirstOrThrow({ where: { action: "queue.created", targetId: created.queue.id } });
    expect(made.details).toMatchObject({ writtenExamples: 2 });
  });

  it("refuses the queue whole when one example is bad, naming the example and field, and writes nothing", async () => {
    const { q } = await seeded();
    const name = `bad-written-${q.name}`;
    const bad = `${written}\n---\nexpected: maybe\ntask: t\noutput: o\nwhy: w`;
    const result = newQueueInput.safeParse({ name, rubric: "r", source: "source", transcriptSource: "jsonl", examples: bad });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["examples", 'Example 3 (line 11): expected: "maybe" is not a label of this queue; use one of pass, fail.'],
    ]);
    // Valid examples, but a queue that cannot be made: neither the queue nor any example is stored.
    const input = newQueueInput.parse({ name, rubric: "r", source: "source", transcriptSource: "no-such-source", examples: written });
    await expect(createQueue(input, q.admin.id)).rejects.toThrow(/No binary transcripts come from "no-such-source"/);
    expect(await db().labelQueue.count({ where: { name } })).toBe(0);
    expect(await db().workedExample.count({ where: { queue: { name } } })).toBe(0);
    // Pairwise examples are not written on the form.
    const pairwise = newQueueInput.safeParse({
      name,
      kind: "pairwise",
      rubric: "r",
      source: "source",
      transcriptSource: "x",
      examples: written,
    });
    expect(pairwise.error!.issues.find((i) => i.path[0] === "examples")?.message).toMatch(/binary and graded queues/);
  });

  it("hides a written example from a reviewer who has the same content to label, by content hash", async () => {
    const { q, admin } = await seeded();
    const created = await createQueue(
      newQueueInput.parse({ name: `hash-${q.name}`, rubric: "r", source: "source", transcriptSource: "jsonl", examples: written }),
      admin.id,
    );
    const queueRow = await db().labelQueue.findUniqueOrThrow({ where: { id: created.queue.id } });
    // The second example's content arrives as a transcript (any source: where it came from is not in the hash) in a queue c may label.
    const same = newTranscriptSchema.parse({
      source: "jsonl",
      kind: "binary",
      taskPrompt: "Refund order 8.",
      finalOutput: "Refunded once.",
      content: { messages: [] },
    });
    const { ids } = await importTranscripts([same]);
    const other = await db().labelQueue.create({ data: { name: `pending-${q.name}`, rubric: "r", reviewersPerItem: 1 } });
    await db().queueItem.create({ data: { queueId: other.id, transcriptId: ids[0]!, orderKey: "0" } });
    const panel = await guidelineExamples(queueRow, null, q.viewer);
    expect(panel.hiddenPending).toBe(1);
    expect(panel.examples.map((e) => e.expectedValue)).toEqual(["fail"]);
    expect(JSON.stringify(panel)).not.toContain("One refund.");
  });
});
