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
import { hannaFingerprint, readHanna } from "./real-data";

withTestDatabase();

describe("HANNA's fingerprint", () => {
  it("holds while nothing HANNA's page reads has changed, and moves on a rater's label or any audited write", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-real-data-"));
    writeFileSync(path.join(dir, "hanna.csv"), hannaMiniCsv());
    await importHanna(path.join(dir, "hanna.csv"));

    const first = await hannaFingerprint();
    const read = await readHanna();
    expect(read.hanna.rows.length).toBeGreaterThan(0);
    expect(await hannaFingerprint()).toBe(first);

    // A rater's label changes in place: the fingerprint moves, and the human ceiling's ratings read again differ.
    const coherence = read.hanna.criteria.find((c) => c.name === "Coherence")!;
    const label = await db().label.findFirstOrThrow({
      where: { queueId: coherence.queueId!, reviewer: { email: hannaRaterEmail(1) } },
    });
    await db().label.update({ where: { id: label.id }, data: { score: label.score === 1 ? 5 : 1, value: label.score === 1 ? "5" : "1" } });
    const second = await hannaFingerprint();
    expect(second).not.toBe(first);
    expect((await readHanna()).hanna.criteria.find((c) => c.name === "Coherence")!.ratings).not.toEqual(coherence.ratings);
    expect(await hannaFingerprint()).toBe(second);

    // Any audited write (an adjudication replaces a gold label in place, and is audited) moves it too.
    await recordAudit(db(), { actorId: null, action: "gold.adjudicated", targetType: "transcript", targetId: "x" });
    expect(await hannaFingerprint()).not.toBe(second);
  });
});
