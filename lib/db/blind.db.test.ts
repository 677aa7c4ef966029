import { describe, expect, it } from "vitest";
import { seedQueue } from "../testing/seed-labeling";
import { withTestDatabase } from "../testing/test-database";
import { hiddenFrom, withoutHidden } from "./blind";
import { db } from "./client";
import { skipItem, submitLabel } from "./labeling/submit";

withTestDatabase();

let counter = 0;
const tag = () => `${Date.now().toString(36)}-${++counter}`;

async function user(role: "admin" | "reviewer" | "viewer", isAdjudicator = false) {
  return db().user.create({ data: { email: `${role}-${tag()}@example.com`, role, isAdjudicator } });
}

/** Three items; "full" already has its one other label, the others are open. */
async function queue(options: { assign?: string[]; reviewersPerItem?: number } = {}) {
  const name = `blind-${tag()}`;
  return seedQueue({
    name,
    order: "input",
    reviewersPerItem: options.reviewersPerItem ?? 2,
    assign: options.assign,
    items: [
      { key: `${name}-open`, verdicts: [{ judge: `j-${name}`, value: "fail", reason: "r" }] },
      { key: `${name}-labeled`, labels: [{ reviewer: `other-${name}@example.com`, value: "pass" }] },
      {
        key: `${name}-full`,
        labels: [
          { reviewer: `a-${name}@example.com`, value: "pass" },
          { reviewer: `b-${name}@example.com`, value: "fail" },
        ],
      },
    ],
  });
}

const ids = (seeded: { transcriptIds: Record<string, string> }) => Object.values(seeded.transcriptIds);
const key = (seeded: { transcriptIds: Record<string, string> }, suffix: string) =>
  Object.entries(seeded.transcriptIds).find(([k]) => k.endsWith(suffix))![1];

describe("hiddenFrom (blind review)", () => {
  it("hides the items a reviewer may still label, and shows them once labeled", async () => {
    const seeded = await queue();
    const me = await user("reviewer");
    expect(await hiddenFrom(me, ids(seeded))).toEqual(new Set([key(seeded, "-open"), key(seeded, "-labeled")]));
    const queueItemId = Object.entries(seeded.queueItemIds).find(([k]) => k.endsWith("-open"))![1];
    await submitLabel(me.id, { queueId: seeded.queueId, queueItemId, value: "pass" });
    expect(await hiddenFrom(me, ids(seeded))).toEqual(new Set([key(seeded, "-labeled")]));
  });

  it("keeps a skipped item hidden: a skip is not a label", async () => {
    const seeded = await queue({ reviewersPerItem: 1 });
    const me = await user("reviewer");
    const queueItemId = Object.entries(seeded.queueItemIds).find(([k]) => k.endsWith("-open"))![1];
    await skipItem(me.id, { queueId: seeded.queueId, queueItemId });
    expect((await hiddenFrom(me, ids(seeded))).has(key(seeded, "-open"))).toBe(true);
  });

  it("hides nothing from admins, adjudicators and viewers", async () => {
    const seeded = await queue();
    for (const who of [await user("admin"), await user("reviewer", true), await user("viewer")]) {
      expect(await hiddenFrom(who, ids(seeded))).toEqual(new Set());
    }
  });

  it("hides nothing in a queue assigned to others, or archived", async () => {
    const other = await user("reviewer");
    const me = await user("reviewer");
    const assigned = await queue({ assign: [other.email] });
    expect(await hiddenFrom(me, ids(assigned))).toEqual(new Set());
    expect((await hiddenFrom(other, ids(assigned))).size).toBe(2);
    const archived = await queue();
    await db().labelQueue.update({ where: { id: archived.queueId }, data: { archivedAt: new Date() } });
    expect(await hiddenFrom(me, ids(archived))).toEqual(new Set());
  });

  it("withoutHidden drops the hidden rows and counts them", async () => {
    const seeded = await queue();
    const me = await user("reviewer");
    const rows = ids(seeded).map((transcriptId) => ({ transcriptId }));
    expect(await withoutHidden(me, rows)).toEqual({ rows: [{ transcriptId: key(seeded, "-full") }], hidden: 2 });
  });
});
