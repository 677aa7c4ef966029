import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hannaMiniCsv } from "../real-data/fixtures/hanna-mini";
import { hannaRaterEmail } from "../real-data/hanna-plan";
import { importHanna } from "../judging/import-datasets";
import { withTestDatabase } from "../testing/test-database";
import { recordAudit } from "./audit";
import { db } from "./client";
import { readHanna } from "./real-data";

withTestDatabase();

describe("readHanna", () => {
  it("serves the same answer while nothing it reads has changed, and reads again after any change", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-real-data-"));
    writeFileSync(path.join(dir, "hanna.csv"), hannaMiniCsv());
    await importHanna(path.join(dir, "hanna.csv"));

    const first = await readHanna();
    expect(first.hanna.rows.length).toBeGreaterThan(0);
    expect(await readHanna()).toBe(first);

    // A rater's label changes in place: the human ceiling is read again.
    const coherence = first.hanna.criteria.find((c) => c.name === "Coherence")!;
    const label = await db().label.findFirstOrThrow({
      where: { queueId: coherence.queueId!, reviewer: { email: hannaRaterEmail(1) } },
    });
    await db().label.update({ where: { id: label.id }, data: { score: label.score === 1 ? 5 : 1, value: label.score === 1 ? "5" : "1" } });
    const second = await readHanna();
    expect(second).not.toBe(first);
    expect(second.hanna.criteria.find((c) => c.name === "Coherence")!.ratings).not.toEqual(coherence.ratings);
    expect(await readHanna()).toBe(second);

    // Any audited write (an adjudication replaces a gold label in place, and is audited) reads again too.
    await recordAudit(db(), { actorId: null, action: "gold.adjudicated", targetType: "transcript", targetId: "x" });
    expect(await readHanna()).not.toBe(second);
  });
});
