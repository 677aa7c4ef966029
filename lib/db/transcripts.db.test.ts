import { describe, expect, it } from "vitest";
import { newTranscriptSchema, type NewTranscript } from "../schemas/transcripts";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { importTranscripts } from "./transcripts";

withTestDatabase();

const item = (n: number, extra: Partial<NewTranscript> = {}) =>
  newTranscriptSchema.parse({
    source: "jsonl",
    externalId: `t-${n}`,
    taskPrompt: `Refund order ${n}`,
    finalOutput: `Refunded order ${n}.`,
    content: {
      messages: [
        { role: "user", content: `Refund order ${n}` },
        { role: "assistant", content: "Done", toolCalls: [{ name: "issue_refund", arguments: { order_id: n }, result: { ok: true } }] },
      ],
    },
    ...extra,
  });

describe("importTranscripts", () => {
  it("writes every item once and answers ids in input order, new or not", async () => {
    const first = await importTranscripts([item(1), item(2), item(2)]);
    expect(first).toMatchObject({ created: 2, existing: 0 });
    expect(first.ids[1]).toBe(first.ids[2]);
    const again = await importTranscripts([item(2), item(3), item(1)]);
    expect(again).toMatchObject({ created: 1, existing: 2 });
    expect(again.ids[0]).toBe(first.ids[1]);
    expect(again.ids[2]).toBe(first.ids[0]);
    expect(await db().transcript.count()).toBe(3);
  });

  it("writes nothing when any write fails", async () => {
    const before = await db().transcript.count();
    await expect(importTranscripts([item(10), item(11, { trialId: "no-such-trial" })])).rejects.toThrow();
    expect(await db().transcript.count()).toBe(before);
  });

  it("refuses a pairwise item without its two outputs", () => {
    const parsed = newTranscriptSchema.safeParse({ source: "jsonl", kind: "pairwise", taskPrompt: "Which is better?", content: {} });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["content", "outputs"]);
  });
});
