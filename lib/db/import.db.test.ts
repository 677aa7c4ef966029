import { mkdtempSync } from "node:fs";
import { createdQueueMessage } from "../queues/created-message";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSuite } from "@/datasets/load";
import { resolveAgent } from "@/lib/engine/agents";
import { localDeps } from "@/lib/cli/deps-local";
import { runSuite } from "@/lib/engine/run-suite";
import { createQueueInput, type CreateQueueFields } from "../schemas/queues";
import { orderKey, splitFor } from "../queues/items";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { importFile } from "./import";
import { createQueue } from "./queue-admin";
import { calibrateOnLabelSet } from "../judging/label-set-run";
import { transcriptHash } from "./transcripts";
import { storedTrialToTranscript } from "../transcripts/from-trial";

withTestDatabase();

const line = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `item-${n}`,
    task_prompt: `Refund order A${n}`,
    rubric: "One refund, to the original payment method.",
    messages: [
      { role: "user", content: `Refund order A${n}` },
      { role: "assistant", tool_calls: [{ name: "issue_refund", arguments: { order_id: `A${n}` }, result: { ok: true } }] },
      { role: "assistant", content: "Done." },
    ],
    final_output: "Done.",
    ...extra,
  });

const file = (from: number, to: number, extra: (n: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: to - from + 1 }, (_, i) => line(from + i, extra(from + i))).join("\n") + "\n";

async function counts() {
  const [transcripts, items, verdicts, judges, queues] = await Promise.all([
    db().transcript.count(),
    db().queueItem.count(),
    db().judgeVerdict.count(),
    db().judgeVersion.count(),
    db().labelQueue.count(),
  ]);
  return { transcripts, items, verdicts, judges, queues };
}

async function admin() {
  return db().user.upsert({ where: { email: "admin@import.test" }, update: {}, create: { email: "admin@import.test", role: "admin" } });
}

describe("importFile", () => {
  it("writes nothing when one line is bad, and names the line and field", async () => {
    const before = await counts();
    const text = [line(1), line(2), JSON.stringify({ id: "x", task_prompt: 5 }), line(4)].join("\n");
    const result = await importFile({ text, fileName: "bad.jsonl", queue: { name: "never-created" } });
    expect(result).toEqual({ ok: false, format: "jsonl", errors: ["line 3: task_prompt: task_prompt must be text"] });
    expect(await counts()).toEqual(before);
  });

  it("imports a file into a new queue, and importing it again adds nothing anywhere", async () => {
    const user = await admin();
    const text = file(10, 14, (n) => ({ judge_verdicts: [{ judge: "vendor-judge", verdict: n % 2 ? "pass" : "fail", reason: "r" }] }));
    const first = await importFile({ text, fileName: "refunds.jsonl", queue: { name: "imported-refunds" }, actorId: user.id });
    expect(first).toMatchObject({
      ok: true,
      format: "jsonl",
      items: 5,
      created: 5,
      existing: 0,
      addedToQueue: 5,
      queue: { name: "imported-refunds", created: true },
      verdicts: { created: 5, existing: 0 },
    });
    const after = await counts();

    const again = await importFile({ text, fileName: "refunds.jsonl", queue: { name: "imported-refunds" }, actorId: user.id });
    expect(again).toMatchObject({
      ok: true,
      created: 0,
      existing: 5,
      addedToQueue: 0,
      queue: { created: false },
      verdicts: { created: 0, existing: 5 },
    });
    expect(await counts()).toEqual(after);

    const queue = await db().labelQueue.findUniqueOrThrow({ where: { name: "imported-refunds" }, include: { items: true } });
    expect(queue).toMatchObject({
      kind: "binary",
      rubric: "One refund, to the original payment method.",
      reviewersPerItem: 1,
      testFraction: 0.5,
    });
    for (const item of queue.items) {
      expect(item.orderKey).toBe(orderKey(queue.id, item.transcriptId));
      expect(item.split).toBe(splitFor(queue.id, item.transcriptId, 0.5));
    }
    const audit = await db().auditEvent.findMany({ where: { action: "transcripts.imported" }, orderBy: { createdAt: "asc" } });
    expect(audit.at(-1)!.details).toMatchObject({ fileName: "refunds.jsonl", format: "jsonl", items: 5, created: 0, existing: 5 });
  });

  it("stores imported verdicts as a replay judge version that can be calibrated", async () => {
    const text = file(20, 22, (n) => ({
      judge_verdicts: [
        { judge: "acme-judge", verdict: n === 21 ? "FAIL" : "pass", reason: `because ${n}` },
        { judge: "acme-judge", verdict: "pass" },
      ],
    }));
    const result = await importFile({ text, fileName: "judged.jsonl" });
    expect(result).toMatchObject({ ok: true, created: 3, verdicts: { created: 6, existing: 0 }, queue: null, addedToQueue: 0 });
    const version = await db().judgeVersion.findFirstOrThrow({
      where: { judge: { name: "acme-judge" } },
      include: { verdicts: true, judge: true },
    });
    expect(version).toMatchObject({ provider: "replay", model: "imported", parser: "pass_fail", judge: { kind: "binary" } });
    expect(version.promptTemplate).toContain("Imported verdicts");
    const t21 = await db().transcript.findFirstOrThrow({ where: { externalId: "item-21" } });
    expect(version.verdicts.filter((v) => v.transcriptId === t21.id).map((v) => [v.repeat, v.status, v.value, v.score, v.reason])).toEqual(
      expect.arrayContaining([
        [0, "ok", "fail", 0, "because 21"],
        [1, "ok", "pass", 1, null],
      ]),
    );
  });

  it("imported verdicts calibrate against gold labels like any judge's", async () => {
    const text = file(60, 67, (n) => ({ judge_verdicts: [{ judge: "calibrated-judge", verdict: n % 2 ? "pass" : "fail" }] }));
    const result = await importFile({ text, queue: { name: "calibration-queue" } });
    if (!result.ok) throw new Error(result.errors.join("\n"));
    const queue = await db().labelQueue.findUniqueOrThrow({
      where: { name: "calibration-queue" },
      include: { items: { include: { transcript: true } } },
    });
    await db().queueItem.updateMany({ where: { queueId: queue.id }, data: { split: "test" } });
    // Gold agrees with the judge on all but item-60.
    await db().goldLabel.createMany({
      data: queue.items.map((i) => {
        const n = Number(i.transcript.externalId!.split("-")[1]);
        return {
          queueId: queue.id,
          transcriptId: i.transcriptId,
          rubricVersion: 1,
          value: n % 2 || n === 60 ? "pass" : "fail",
          source: "consensus" as const,
        };
      }),
    });
    const version = await db().judgeVersion.findFirstOrThrow({ where: { judge: { name: "calibrated-judge" } } });
    const calibration = await calibrateOnLabelSet({ versionId: version.id, queueId: queue.id, split: "test", actorId: null });
    expect(calibration).toMatchObject({ n: 8, accuracy: 7 / 8 });
    // p_o = 7/8; judge 4 pass / 4 fail, gold 5 pass / 3 fail: p_e = (4·5 + 4·3) / 64 = 1/2; κ = (7/8 − 1/2) / (1/2) = 0.75.
    expect(calibration.kappa).toBeCloseTo(0.75, 10);
  });

  it("refuses a queue of another kind, and writes nothing then either", async () => {
    const before = await counts();
    const pair = JSON.stringify({ task_prompt: "Which is better?", kind: "pairwise", outputs: { a: "x", b: "y" } });
    await expect(importFile({ text: pair, queue: { name: "imported-refunds" } })).rejects.toThrow(
      /is binary, but 1 pairwise transcript was chosen/,
    );
    expect(await counts()).toEqual(before);
  });

  it("the same file imported twice at once is stored once", async () => {
    const text = file(40, 49, () => ({ judge_verdicts: [{ judge: "race-judge", verdict: "pass" }] }));
    const results = await Promise.all([1, 2, 3].map(() => importFile({ text, fileName: "race.jsonl", queue: { name: "race-queue" } })));
    expect(results.every((r) => r.ok)).toBe(true);
    const ok = results.filter((r): r is Extract<typeof r, { ok: true }> => r.ok);
    expect(ok.reduce((sum, r) => sum + r.created, 0)).toBe(10);
    expect(ok.reduce((sum, r) => sum + r.addedToQueue, 0)).toBe(10);
    expect(await db().transcript.count({ where: { externalId: { startsWith: "item-4" } } })).toBe(10);
    expect(await db().queueItem.count({ where: { queue: { name: "race-queue" } } })).toBe(10);
    expect(await db().labelQueue.count({ where: { name: "race-queue" } })).toBe(1);
    expect(await db().judgeVerdict.count({ where: { judgeVersion: { judge: { name: "race-judge" } } } })).toBe(10);
    expect(await db().judgeVersion.count({ where: { judge: { name: "race-judge" } } })).toBe(1);
  });

  it("imports OTLP JSON spans", async () => {
    const span = {
      traceId: "abc",
      spanId: "s1",
      name: "chat",
      startTimeUnixNano: "1",
      attributes: [
        { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
        {
          key: "gen_ai.input.messages",
          value: { stringValue: JSON.stringify([{ role: "user", parts: [{ type: "text", content: "Hi" }] }]) },
        },
        {
          key: "gen_ai.output.messages",
          value: {
            stringValue: JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: "Hello" }], finish_reason: "stop" }]),
          },
        },
      ],
    };
    const result = await importFile({
      text: JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] }),
      fileName: "traces.json",
    });
    expect(result).toMatchObject({ ok: true, format: "otel", created: 1 });
    expect(await db().transcript.findFirstOrThrow({ where: { source: "otel" } })).toMatchObject({
      externalId: "abc",
      taskPrompt: "Hi",
      finalOutput: "Hello",
    });
  });
});

const fields = (extra: Partial<CreateQueueFields>): CreateQueueFields => ({
  name: "q",
  kind: "binary",
  rubric: "Pass when right.",
  source: "source",
  transcriptSource: "jsonl",
  ...extra,
});

describe("createQueue", () => {
  it("creates a queue from an earlier import with assigned reviewers, and audits it", async () => {
    const user = await admin();
    const reviewer = await db().user.create({ data: { email: "rev@import.test", role: "reviewer" } });
    const viewer = await db().user.create({ data: { email: "view@import.test", role: "viewer" } });
    const imported = await importFile({ text: file(30, 33), fileName: "gold.jsonl", actorId: user.id });
    if (!imported.ok) throw new Error("import failed");
    const created = await createQueue(
      createQueueInput.parse(
        fields({
          name: "gold-set",
          source: "import",
          importId: imported.importId,
          reviewersPerItem: "2",
          testFraction: "0.25",
          reviewerIds: [reviewer.id],
        }),
      ),
      user.id,
    );
    expect(created.items).toBe(4);
    const queue = await db().labelQueue.findUniqueOrThrow({ where: { id: created.queue.id }, include: { items: true, assignments: true } });
    expect(queue).toMatchObject({ reviewersPerItem: 2, testFraction: 0.25, createdById: user.id });
    expect(queue.assignments.map((a) => a.userId)).toEqual([reviewer.id]);
    expect(queue.items.every((i) => i.split === splitFor(queue.id, i.transcriptId, 0.25))).toBe(true);
    const audit = await db().auditEvent.findFirstOrThrow({ where: { action: "queue.created", targetId: queue.id } });
    expect(audit).toMatchObject({ actorId: user.id, details: expect.objectContaining({ name: "gold-set", items: 4, source: "import" }) });

    await expect(createQueue(createQueueInput.parse(fields({ name: "gold-set" })), user.id)).rejects.toMatchObject({
      field: "name",
      status: 409,
    });
    await expect(createQueue(createQueueInput.parse(fields({ name: "viewers", reviewerIds: [viewer.id] })), user.id)).rejects.toMatchObject(
      { field: "reviewerIds" },
    );
    await expect(createQueue(createQueueInput.parse(fields({ name: "none", transcriptSource: "hanna" })), user.id)).rejects.toMatchObject({
      field: "transcriptSource",
    });
  });

  it("validates fields with messages on the field", () => {
    const parsed = createQueueInput.safeParse({
      name: "",
      kind: "binary",
      rubric: "",
      source: "run",
      scaleMin: "1",
      scaleMax: "5",
      testFraction: "2",
    });
    expect(parsed.success).toBe(false);
    const byField = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField).toMatchObject({
      name: expect.any(String),
      rubric: "Write the rubric reviewers label against.",
      runId: "Choose the run whose trials to label.",
      testFraction: "The test share must be from 0 to 1.",
    });
  });

  it("takes every trial that did not pass and a seeded sample of the passes from a run", async () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), "gavel-results-"));
    const deps = localDeps({
      agent: await resolveAgent("module:datasets/refund/agents.ts#regressedAgent"),
      outDir,
      writer: { batchSize: 16, flushIntervalMs: 5 },
    });
    const { record } = await runSuite(await loadSuite("datasets/refund"), { trials: 2, concurrency: 8 }, deps);
    const trials = await db().trial.findMany({ where: { runId: record.runId }, select: { id: true, verdict: true } });
    const notPassing = trials.filter((t) => t.verdict !== "pass");
    const passes = trials.length - notPassing.length;
    expect(notPassing.length).toBeGreaterThan(0);

    const input = createQueueInput.parse(
      fields({ name: "run-failures", source: "run", runId: record.runId, passSample: "0.1", sampleSeed: "3" }),
    );
    const created = await createQueue(input, null);
    const sampledPasses = Math.round(passes * 0.1);
    expect(created.fromRun).toEqual({
      notPassing: notPassing.length,
      sampledPasses,
      passes,
      trials: notPassing.length + sampledPasses,
      distinct: created.items,
    });
    // Every trial that did not pass is in the queue, as the transcript its content hashes to.
    const inQueue = new Set(
      (
        await db().queueItem.findMany({ where: { queueId: created.queue.id }, select: { transcript: { select: { contentHash: true } } } })
      ).map((i) => i.transcript.contentHash),
    );
    const full = await db().trial.findMany({ where: { runId: record.runId }, include: { task: true } });
    const hashOf = (t: (typeof full)[number]) => transcriptHash(storedTrialToTranscript(t));
    for (const t of full.filter((t) => t.verdict !== "pass")) expect(inQueue.has(hashOf(t)), t.id).toBe(true);
    expect(created.items).toBe(inQueue.size);
    // Two trials per task: identical outputs hash to one transcript, and the message says so in numbers.
    expect(created.items).toBeLessThan(created.fromRun!.trials);
    expect(createdQueueMessage(created)).toContain(
      `${created.fromRun!.trials} trials, ${created.items} distinct transcripts: identical outputs share one item.`,
    );
    const failing = full.find((t) => t.verdict === "fail")!;
    const transcript = await db().transcript.findUniqueOrThrow({ where: { contentHash: hashOf(failing) } });
    expect(transcript).toMatchObject({ source: "run", taskPrompt: failing.task.prompt, externalId: failing.task.key });
    expect((transcript.content as { messages: { toolCalls?: unknown[] }[] }).messages.some((m) => m.toolCalls?.length)).toBe(true);
    expect(await db().transcript.count({ where: { trialId: { in: full.map((t) => t.id) } } })).toBe(created.transcriptsCreated);

    // The same run again: the same sample, no new transcripts.
    const before = await db().transcript.count();
    const second = await createQueue({ ...input, name: "run-failures-2" }, null);
    expect(second.items).toBe(created.items);
    expect(second.transcriptsCreated).toBe(0);
    expect(await db().transcript.count()).toBe(before);
  });
});
