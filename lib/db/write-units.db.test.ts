import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseProvider } from "../database-url";
import { importHanna } from "../judging/import-datasets";
import { planHanna } from "../real-data/hanna-plan";
import { hannaMiniCsv } from "../real-data/fixtures/hanna-mini";
import { readHanna } from "../real-data/read";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { writeImportPlan } from "./import-datasets";
import { boundedUnits, SQLITE_GAP_MS, type WriteUnit } from "./write-units";

withTestDatabase();

async function tableCounts() {
  const c = db();
  const [transcripts, queues, items, gold, labels, versions, verdicts, calibrations, imports] = await Promise.all([
    c.transcript.count(),
    c.labelQueue.count(),
    c.queueItem.count(),
    c.goldLabel.count(),
    c.label.count(),
    c.judgeVersion.count(),
    c.judgeVerdict.count(),
    c.calibration.count(),
    c.auditEvent.count({ where: { action: "dataset.imported" } }),
  ]);
  return { transcripts, queues, items, gold, labels, versions, verdicts, calibrations, imports };
}

/** boundedUnits() as the demo seeding uses it, recording each unit's time inside its transaction; the `stopAt`-th unit throws. */
function recorded(stopAt = Infinity) {
  const inner = boundedUnits();
  const spans: { start: number; end: number }[] = [];
  const unit: WriteUnit = (work) =>
    inner(async (tx) => {
      if (spans.length + 1 === stopAt) throw new Error("the start was stopped here");
      const start = Date.now();
      try {
        return await work(tx);
      } finally {
        spans.push({ start, end: Date.now() });
      }
    });
  return { unit, spans };
}

describe("the demo seeding's bounded commits (lib/db/write-units.ts)", () => {
  it("write HANNA unit by unit; a start stopped part-way is finished by the next import, to the same rows as one transaction", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-bounded-"));
    const file = path.join(dir, "hanna.csv");
    writeFileSync(file, hannaMiniCsv());
    const plan = planHanna(readHanna(file));

    // Stopped in its sixth unit (the transcripts' two, the raters', two label sets' kept): the rest is not there.
    const stopped = recorded(6);
    await expect(writeImportPlan(plan, { units: stopped.unit })).rejects.toThrow("the start was stopped here");
    expect(stopped.spans).toHaveLength(5);
    expect(await tableCounts()).toMatchObject({ transcripts: 576, queues: 2, items: 192, gold: 192, labels: 576, versions: 0, imports: 0 });

    // The next start's import adds what is missing, in units, each after the lock was left free for a while.
    const resumed = recorded();
    const result = await writeImportPlan(plan, { units: resumed.unit });
    expect(result.counts).toMatchObject({
      transcripts: { created: 0, existing: 576 },
      labelSets: { created: 4, existing: 2 },
      queueItems: 384,
      gold: 384,
      labels: 1152,
      judgeVersions: { created: 1, existing: 0 },
      verdicts: { created: 576, existing: 0 },
    });
    // Transcripts (500 a unit), raters, six label sets, one judge version with its verdicts, the audit event.
    expect(resumed.spans).toHaveLength(11);
    const gaps = resumed.spans.slice(1).map((span, i) => span.start - resumed.spans[i]!.end);
    if (databaseProvider(process.env.DATABASE_URL ?? "file:") === "sqlite") expect(Math.min(...gaps)).toBeGreaterThanOrEqual(SQLITE_GAP_MS);
    // The same rows a one-transaction import writes (lib/db/import-datasets.db.test.ts has its figures).
    expect(await tableCounts()).toMatchObject({
      transcripts: 576,
      queues: 6,
      items: 576,
      gold: 576,
      labels: 1728,
      versions: 1,
      verdicts: 576,
      imports: 1,
    });

    // The demo seeding's import (bounded, then calibrated unit by unit): only the calibrations were missing.
    const again = await importHanna(file, { commits: "bounded" });
    expect(again.counts).toMatchObject({
      transcripts: { created: 0 },
      queueItems: 0,
      gold: 0,
      labels: 0,
      verdicts: { created: 0 },
      calibrations: 12,
    });
    const complete = await tableCounts();
    expect(complete).toMatchObject({ calibrations: 12, imports: 1 });
    expect((await importHanna(file, { commits: "bounded" })).counts.calibrations).toBe(0);
    expect(await tableCounts()).toEqual(complete);
  }, 120_000);
});
