import { describe, expect, it } from "vitest";
import type { ExtraDimension } from "../../schemas/dimensions";
import { seedQueue } from "../../testing/seed-labeling";
import { withTestDatabase } from "../../testing/test-database";
import { db } from "../client";
import { decide } from "../adjudication";
import { loadLabelExport } from "../label-export";
import { loadQueue } from "./queue";
import { direct } from "./sql";
import { submitLabel } from "./submit";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;
const reason: ExtraDimension = { name: "reason", type: "categorical", values: ["hallucination", "wrong tool"], multi: false };
const tags: ExtraDimension = { name: "tags", type: "categorical", values: ["slow", "rude", "verbose"], multi: true };
const tone: ExtraDimension = { name: "tone", type: "numeric", min: 1, max: 5 };

async function setup() {
  const name = `dims-${tag()}`;
  const seeded = await seedQueue({
    name,
    order: "input",
    dimensions: [reason, tags, tone],
    items: [{ key: `${name}-0` }, { key: `${name}-1` }],
  });
  const me = await db().user.create({ data: { email: `r-${tag()}@example.com`, role: "reviewer" } });
  const [first, second] = Object.values(seeded.queueItemIds);
  return { queueId: seeded.queueId, me, first: first!, second: second! };
}

describe("labels with further dimensions", () => {
  it("a queue without extra dimensions reads as a single primary named verdict", async () => {
    const seeded = await seedQueue({ name: `plain-${tag()}`, items: [{ key: `plain-${tag()}` }] });
    const { queue } = await loadQueue(direct(), seeded.queueId, "nobody");
    expect(queue.primaryDimension).toBe("verdict");
    expect(queue.dimensions).toEqual([]);
  });

  it("stores each dimension's value beside the primary, canonicalised", async () => {
    const { queueId, me, first } = await setup();
    const { queue } = await loadQueue(direct(), queueId, me.id);
    expect(queue.dimensions).toEqual([reason, tags, tone]);
    await submitLabel(me.id, {
      queueId,
      queueItemId: first,
      value: "fail",
      dimensions: { reason: "wrong tool", tags: ["verbose", "slow"], tone: 2 },
    });
    const label = await db().label.findFirstOrThrow({ where: { queueId, reviewerId: me.id } });
    expect(label.value).toBe("fail");
    expect(label.dimensions).toEqual({ reason: "wrong tool", tags: ["slow", "verbose"], tone: 2 });
  });

  it("leaves dimensions empty when none is given", async () => {
    const { queueId, me, first } = await setup();
    await submitLabel(me.id, { queueId, queueItemId: first, value: "pass" });
    expect((await db().label.findFirstOrThrow({ where: { queueId, reviewerId: me.id } })).dimensions).toBeNull();
  });

  it("refuses a value outside the config with a 422 naming the dimension, and writes nothing", async () => {
    const { queueId, me, first } = await setup();
    await expect(submitLabel(me.id, { queueId, queueItemId: first, value: "fail", dimensions: { reason: "other" } })).rejects.toMatchObject(
      {
        status: 422,
        field: "dimensions",
        message: expect.stringMatching(/^reason: "other" is not one of/),
      },
    );
    expect(await db().label.count({ where: { queueId } })).toBe(0);
    expect((await db().queueItem.findUniqueOrThrow({ where: { id: first } })).labelCount).toBe(0);
  });
});

describe("the export", () => {
  it("has every dimension, the task prompt and output, and the transcript only when asked", async () => {
    const { queueId, me, first, second } = await setup();
    await submitLabel(me.id, { queueId, queueItemId: first, value: "fail", dimensions: { reason: "hallucination", tone: 1 } });
    await submitLabel(me.id, { queueId, queueItemId: second, value: "pass" });
    const plain = (await loadLabelExport(queueId))!;
    expect(plain.layout).toEqual({ dimensions: ["reason", "tags", "tone"], transcript: false });
    expect(plain.rows.map((r) => [r.value, r.dimensions])).toEqual([
      ["fail", { reason: "hallucination", tone: 1 }],
      ["pass", null],
    ]);
    expect(plain.rows[0]).toMatchObject({
      task_prompt: expect.stringMatching(/^Task dims-/),
      final_output: expect.stringMatching(/^Output of /),
    });
    expect(plain.rows[0]!.transcript).toBeUndefined();
    const full = (await loadLabelExport(queueId, { transcript: true }))!;
    expect(full.layout.transcript).toBe(true);
    expect(full.rows[0]!.transcript).toMatchObject({ messages: [{ role: "user" }, { role: "assistant" }] });
  });
});

describe("the adjudicator settles the dimensions of a gold label", () => {
  it("keeps what reviewers agree on, asks for what they disagree on, and stores the settled values on the gold label", async () => {
    const name = `settle-${tag()}`;
    const seeded = await seedQueue({
      name,
      order: "input",
      reviewersPerItem: 2,
      dimensions: [reason, tags, tone],
      items: [{ key: `${name}-0` }],
    });
    const [a, b] = await Promise.all(
      ["a", "b"].map((r) => db().user.create({ data: { email: `${r}-${tag()}@example.com`, role: "reviewer" } })),
    );
    const admin = await db().user.create({ data: { email: `adj-${tag()}@example.com`, role: "admin" } });
    const queueItemId = seeded.queueItemIds[`${name}-0`]!;
    const transcriptId = seeded.transcriptIds[`${name}-0`]!;
    await submitLabel(a!.id, {
      queueId: seeded.queueId,
      queueItemId,
      value: "fail",
      dimensions: { reason: "hallucination", tags: ["slow"], tone: 2 },
    });
    await submitLabel(b!.id, { queueId: seeded.queueId, queueItemId, value: "pass", dimensions: { reason: "wrong tool", tags: ["slow"] } });

    const decision = { queueId: seeded.queueId, transcriptId, value: "fail", adjudicatorId: admin.id };
    await expect(decide(decision)).rejects.toMatchObject({
      status: 422,
      field: "dimensions.reason",
      message: "The reviewers disagree on reason: choose its value for the gold label.",
    });
    expect(await db().goldLabel.count({ where: { queueId: seeded.queueId } })).toBe(0);
    await expect(decide({ ...decision, dimensions: { reason: '"made up"' } })).rejects.toMatchObject({
      status: 422,
      field: "dimensions.reason",
    });

    await decide({ ...decision, dimensions: { reason: '"wrong tool"' } });
    const gold = await db().goldLabel.findFirstOrThrow({ where: { queueId: seeded.queueId, transcriptId } });
    expect(gold).toMatchObject({ value: "fail", source: "adjudication", dimensions: { reason: "wrong tool", tags: ["slow"], tone: 2 } });
  });
});
