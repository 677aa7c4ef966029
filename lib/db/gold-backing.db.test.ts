import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hannaMiniCsv } from "../real-data/fixtures/hanna-mini";
import { importHanna } from "../judging/import-datasets";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { readGoldBacking } from "./gold-labels";

withTestDatabase();

/** What readGoldBacking answers, made the long way: every item, gold label and label read and counted here. */
async function byHand(queueId: string, split: "test" | "dev") {
  const queue = await db().labelQueue.findUniqueOrThrow({ where: { id: queueId } });
  const items = new Set((await db().queueItem.findMany({ where: { queueId, split } })).map((i) => i.transcriptId));
  const labels = await db().label.findMany({ where: { queueId, rubricVersion: queue.rubricVersion } });
  const gold = await db().goldLabel.findMany({ where: { queueId, rubricVersion: queue.rubricVersion } });
  return gold
    .filter((g) => items.has(g.transcriptId))
    .map((g) => ({
      transcriptId: g.transcriptId,
      source: g.source as string,
      reviewers: new Set(labels.filter((l) => l.transcriptId === g.transcriptId).map((l) => l.reviewerId)).size,
    }));
}

const sorted = <T extends { transcriptId: string }>(rows: T[]) => [...rows].sort((a, b) => a.transcriptId.localeCompare(b.transcriptId));

describe("readGoldBacking", () => {
  it("gives each gold item of the split at the current rubric version with its distinct reviewers, counted in SQL", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-backing-"));
    writeFileSync(path.join(dir, "hanna.csv"), hannaMiniCsv());
    await importHanna(path.join(dir, "hanna.csv"));
    const queue = await db().labelQueue.findFirstOrThrow({ where: { name: "HANNA Coherence" } });
    const test = await db().queueItem.findMany({ where: { queueId: queue.id, split: "test" }, orderBy: { transcriptId: "asc" } });
    expect(test.length).toBeGreaterThan(4);
    // One item left with one reviewer, one with none, one gold label adjudicated: every case the backing tells apart.
    const [one, none, adjudicated] = test.map((i) => i.transcriptId);
    const oneLabels = await db().label.findMany({ where: { queueId: queue.id, transcriptId: one }, orderBy: { id: "asc" } });
    await db().label.deleteMany({ where: { id: { in: oneLabels.slice(1).map((l) => l.id) } } });
    await db().label.deleteMany({ where: { queueId: queue.id, transcriptId: none } });
    await db().goldLabel.updateMany({ where: { queueId: queue.id, transcriptId: adjudicated }, data: { source: "adjudication" } });

    const rows = (await readGoldBacking(queue.id, "test"))!;
    expect(sorted(rows)).toEqual(sorted(await byHand(queue.id, "test")));
    expect(rows.find((r) => r.transcriptId === one)!.reviewers).toBe(1);
    expect(rows.find((r) => r.transcriptId === none)!.reviewers).toBe(0);
    expect(rows.find((r) => r.transcriptId === adjudicated)!.source).toBe("adjudication");
    expect(rows.filter((r) => r.reviewers === 3).length).toBeGreaterThan(0);
    expect(sorted((await readGoldBacking(queue.id, "dev"))!)).toEqual(sorted(await byHand(queue.id, "dev")));

    // A new rubric version: the old gold and labels no longer count.
    await db().labelQueue.update({ where: { id: queue.id }, data: { rubricVersion: queue.rubricVersion + 1 } });
    expect(await readGoldBacking(queue.id, "test")).toEqual([]);
    expect(await readGoldBacking("no-such-queue", "test")).toBeNull();
  });
});
