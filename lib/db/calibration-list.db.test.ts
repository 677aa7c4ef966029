import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { intervalMethod } from "../judges/estimator";
import { hannaMiniCsv } from "../real-data/fixtures/hanna-mini";
import { importHanna } from "../judging/import-datasets";
import { withTestDatabase } from "../testing/test-database";
import { listCalibrations } from "./calibrations";
import { db } from "./client";

withTestDatabase();

describe("listCalibrations", () => {
  it("names each interval's method as its statistics do, without reading them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gavel-calibration-list-"));
    writeFileSync(path.join(dir, "hanna.csv"), hannaMiniCsv());
    await importHanna(path.join(dir, "hanna.csv"));
    const version = await db().judgeVersion.findFirstOrThrow({ where: { calibrations: { some: {} } }, orderBy: { id: "asc" } });
    // One calibration from a stratified draw: its interval is the weighted bootstrap's.
    const weighted = await db().calibration.findFirstOrThrow({ where: { judgeVersionId: version.id }, orderBy: { id: "asc" } });
    const stats = weighted.stats as Record<string, unknown>;
    await db().calibration.update({ where: { id: weighted.id }, data: { stats: { ...stats, estimator: { name: "horvitz-thompson" } } } });

    const listed = await listCalibrations(version.id);
    const full = await db().calibration.findMany({ where: { judgeVersionId: version.id } });
    expect(listed.length).toBe(full.length);
    expect(listed.length).toBeGreaterThan(1);
    for (const row of listed) {
      expect(row).not.toHaveProperty("stats");
      expect(row.intervalMethod, row.id).toBe(intervalMethod(full.find((f) => f.id === row.id)!.stats));
    }
    expect(listed.find((r) => r.id === weighted.id)!.intervalMethod).toBe("bootstrap");
    expect(listed.filter((r) => r.intervalMethod === "Wald").length).toBe(listed.length - 1);
    expect(await listCalibrations("no-such-version")).toEqual([]);
  });
});
