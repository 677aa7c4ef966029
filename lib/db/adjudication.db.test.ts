import { describe, expect, it } from "vitest";
import { UserError } from "../errors";
import { queueAgreement } from "../labeling/agreement";
import { withTestDatabase } from "../testing/test-database";
import { goldLabelsOf, seedAgreementQueue, twoReviewerTable } from "../testing/seed-agreement";
import { decide, listAdjudicationItems } from "./adjudication";
import { findQueue, loadCurrentLabels, shapeOf } from "./agreement";
import { listAuditEvents } from "./audit";
import { db } from "./client";
import { loadLabelExport } from "./label-export";
import { newRubricVersion, rubricHistory } from "./rubric";

withTestDatabase();

const openItems = async (queue: Parameters<typeof listAdjudicationItems>[0]) => (await listAdjudicationItems(queue)).items;

let counter = 0;
async function seeded(
  items = twoReviewerTable("ann@example.com", "bob@example.com"),
  extra: { reviewersPerItem?: number; kind?: "binary" | "pairwise" | "graded" } = {},
) {
  counter += 1;
  const admin = await db().user.upsert({
    where: { email: "judge-admin@example.com" },
    update: {},
    create: { email: "judge-admin@example.com", role: "admin" },
  });
  const seed = await seedAgreementQueue({ name: `queue-${counter}`, items, ...extra });
  const queue = (await findQueue(seed.queueId))!;
  return { ...seed, queue, adminId: admin.id };
}

describe("agreement from the database", () => {
  it("loads the labels of the current rubric version and gives the hand-computed kappa", async () => {
    const { queue } = await seeded();
    const labels = await loadCurrentLabels(queue);
    expect(labels).toHaveLength(40);
    const result = queueAgreement(labels, shapeOf(queue));
    // p_o = 0.7, p_e = 0.6·0.5 + 0.4·0.5 = 0.5, κ = 0.4 (see lib/labeling/agreement.test.ts).
    expect(result.pairs[0]!.kappa).toBeCloseTo(0.4, 12);
    expect(result.disagreements).toHaveLength(6);
  });
});

describe("adjudication", () => {
  it("lists the disagreements without gold, in queue order, with each reviewer's label and reason", async () => {
    const { queue, transcriptIds } = await seeded();
    const items = await openItems(queue);
    expect(items.map((i) => i.transcript.externalId)).toEqual(["item-15", "item-16", "item-17", "item-18", "item-19", "item-20"]);
    expect(items[0]!.transcriptId).toBe(transcriptIds["item-15"]);
    expect(items[0]!.labels).toEqual([
      expect.objectContaining({ reviewerEmail: "ann@example.com", value: "pass", reason: "ann says pass" }),
      expect.objectContaining({ reviewerEmail: "bob@example.com", value: "fail", reason: "bob says fail" }),
    ]);
  });

  it("returns the first `limit` open items and the total", async () => {
    const { queue } = await seeded();
    const page = await listAdjudicationItems(queue, { limit: 2 });
    expect(page.total).toBe(6);
    expect(page.items.map((i) => i.transcript.externalId)).toEqual(["item-15", "item-16"]);
  });

  it("waits for reviewersPerItem labels before an item counts as a disagreement", async () => {
    const { queue } = await seeded(
      [
        {
          key: "two-of-three",
          labels: [
            { reviewer: "ann@example.com", value: "pass" },
            { reviewer: "bob@example.com", value: "fail" },
          ],
        },
        {
          key: "three",
          labels: [
            { reviewer: "ann@example.com", value: "pass" },
            { reviewer: "bob@example.com", value: "fail" },
            { reviewer: "cy@example.com", value: "fail" },
          ],
        },
      ],
      { reviewersPerItem: 3 },
    );
    expect((await openItems(queue)).map((i) => i.transcript.externalId)).toEqual(["three"]);
  });

  it("an adjudicated item has exactly one gold label, leaves the list, and is audited", async () => {
    const { queue, transcriptIds, adminId } = await seeded();
    const id = transcriptIds["item-15"]!;
    await decide({
      queueId: queue.id,
      transcriptId: id,
      value: "fail",
      note: "The refund went to the wrong account.",
      adjudicatorId: adminId,
    });
    expect(await goldLabelsOf(queue.id, id)).toEqual([
      { rubricVersion: 1, value: "fail", source: "adjudication", decidedById: adminId, note: "The refund went to the wrong account." },
    ]);
    expect((await openItems(queue)).map((i) => i.transcriptId)).not.toContain(id);
    expect(await openItems(queue)).toHaveLength(5);
    const [event] = await listAuditEvents({ targetType: "transcript", targetId: id });
    expect(event).toMatchObject({
      action: "gold.adjudicated",
      actorId: adminId,
      details: { queue: queue.name, rubricVersion: 1, value: "fail", previous: null },
    });
  });

  it("a second decision replaces the gold label rather than adding one", async () => {
    const { queue, transcriptIds, adminId } = await seeded();
    const id = transcriptIds["item-16"]!;
    await decide({ queueId: queue.id, transcriptId: id, value: "fail", adjudicatorId: adminId });
    await decide({ queueId: queue.id, transcriptId: id, value: "pass", note: "On second reading it is fine.", adjudicatorId: adminId });
    const gold = await goldLabelsOf(queue.id, id);
    expect(gold).toHaveLength(1);
    expect(gold[0]).toMatchObject({ value: "pass", source: "adjudication", note: "On second reading it is fine." });
    const events = await listAuditEvents({ targetType: "transcript", targetId: id });
    expect(events.find((e) => (e.details as { value?: string }).value === "pass")?.details).toMatchObject({
      previous: { value: "fail", source: "adjudication" },
    });
  });

  it("two decisions at once still leave one gold label", async () => {
    const { queue, transcriptIds, adminId } = await seeded();
    const id = transcriptIds["item-17"]!;
    const results = await Promise.allSettled([
      decide({ queueId: queue.id, transcriptId: id, value: "fail", adjudicatorId: adminId }),
      decide({ queueId: queue.id, transcriptId: id, value: "pass", adjudicatorId: adminId }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(await goldLabelsOf(queue.id, id)).toHaveLength(1);
  });

  it("refuses a value the queue kind does not allow, and writes nothing", async () => {
    const { queue, transcriptIds, adminId } = await seeded();
    const id = transcriptIds["item-18"]!;
    const attempt = decide({ queueId: queue.id, transcriptId: id, value: "A", adjudicatorId: adminId });
    await expect(attempt).rejects.toBeInstanceOf(UserError);
    await expect(decide({ queueId: queue.id, transcriptId: id, value: "PASS", adjudicatorId: adminId })).rejects.toThrow(
      '"PASS" is not a binary label: choose one of fail, pass.',
    );
    expect(await goldLabelsOf(queue.id, id)).toEqual([]);
    expect(await listAuditEvents({ targetType: "transcript", targetId: id })).toEqual([]);
  });

  it.each([
    {
      kind: "pairwise" as const,
      outputs: { a: "one", b: "two" },
      labeled: ["A", "B"],
      refused: "pass",
      choices: /choose one of A, B/,
      decided: "B",
    },
    {
      kind: "graded" as const,
      outputs: undefined,
      labeled: ["2", "4"],
      refused: "6",
      choices: /choose one of 1, 2, 3, 4, 5/,
      decided: "3",
    },
  ])("a $kind queue takes its own values", async ({ kind, outputs, labeled, refused, choices, decided }) => {
    const labels = [
      { reviewer: "ann@example.com", value: labeled[0]! },
      { reviewer: "bob@example.com", value: labeled[1]! },
    ];
    const s = await seeded([{ key: "x", ...(outputs ? { outputs } : {}), labels }], { kind });
    const decideAs = (value: string) => decide({ queueId: s.queue.id, transcriptId: s.transcriptIds.x!, value, adjudicatorId: s.adminId });
    await expect(decideAs(refused)).rejects.toThrow(choices);
    await decideAs(decided);
    expect((await goldLabelsOf(s.queue.id, s.transcriptIds.x!))[0]).toMatchObject({ value: decided });
  });

  it("refuses an item that is not in the queue, and an unknown queue", async () => {
    const first = await seeded();
    const second = await seeded();
    const foreign = second.transcriptIds["item-15"]!;
    await expect(decide({ queueId: first.queue.id, transcriptId: foreign, value: "pass", adjudicatorId: first.adminId })).rejects.toThrow(
      /is not an item of the queue/,
    );
    await expect(decide({ queueId: "no-such-queue", transcriptId: foreign, value: "pass", adjudicatorId: first.adminId })).rejects.toThrow(
      "No such label queue.",
    );
    expect(await goldLabelsOf(first.queue.id, foreign)).toEqual([]);
  });
});

describe("rubric versions", () => {
  it("a new rubric version keeps old gold with its version; current views use the new one", async () => {
    const { queue, transcriptIds, adminId } = await seeded();
    const id = transcriptIds["item-19"]!;
    await decide({ queueId: queue.id, transcriptId: id, value: "fail", adjudicatorId: adminId });
    await expect(newRubricVersion(queue.id, queue.rubric, adminId)).rejects.toThrow(/current rubric/);
    const updated = await newRubricVersion(queue.id, "Pass only when the refund reaches the original payment method.", adminId);
    expect(updated.rubricVersion).toBe(2);

    const current = (await findQueue(queue.id))!;
    // Old labels and gold stay at version 1; nothing at version 2 yet, so nothing to adjudicate.
    expect(await loadCurrentLabels(current)).toEqual([]);
    expect(await openItems(current)).toEqual([]);
    expect(await goldLabelsOf(queue.id, id)).toEqual([expect.objectContaining({ rubricVersion: 1, value: "fail" })]);

    // A decision now is made under version 2 and leaves version 1's gold alone.
    await decide({ queueId: queue.id, transcriptId: id, value: "pass", adjudicatorId: adminId });
    const gold = await goldLabelsOf(queue.id, id);
    expect(gold.map((g) => [g.rubricVersion, g.value]).sort()).toEqual([
      [1, "fail"],
      [2, "pass"],
    ]);
    expect(await rubricHistory(queue.id)).toEqual([expect.objectContaining({ version: 1, rubric: queue.rubric })]);
  });
});

describe("export", () => {
  it("gives one row per label with the gold of the label's rubric version", async () => {
    const { queue, transcriptIds, adminId } = await seeded();
    await decide({ queueId: queue.id, transcriptId: transcriptIds["item-15"]!, value: "fail", adjudicatorId: adminId });
    const loaded = (await loadLabelExport(queue.name))!;
    expect(loaded.rows).toHaveLength(40);
    const first = loaded.rows[0]!;
    expect(first).toMatchObject({
      queue: queue.name,
      external_id: "item-01",
      reviewer_email: "ann@example.com",
      value: "pass",
      rubric_version: 1,
      gold_value: "pass",
      gold_source: "consensus",
      has_gold: true,
      matches_gold: true,
      judge_seen: false,
    });
    const adjudicated = loaded.rows.filter((r) => r.external_id === "item-15");
    expect(adjudicated.map((r) => [r.reviewer_email, r.value, r.gold_source, r.matches_gold])).toEqual([
      ["ann@example.com", "pass", "adjudication", false],
      ["bob@example.com", "fail", "adjudication", true],
    ]);
    const open = loaded.rows.filter((r) => r.external_id === "item-16");
    expect(open.map((r) => [r.has_gold, r.gold_value, r.matches_gold])).toEqual([
      [false, null, null],
      [false, null, null],
    ]);
    expect(await loadLabelExport("no-such-queue")).toBeNull();
    expect((await loadLabelExport(queue.id, { rubricVersion: 2 }))!.rows).toEqual([]);
  });
});
