import { describe, expect, it } from "vitest";
import { queueAgreement } from "../labeling/agreement";
import { populationCeiling } from "../labeling/ceiling";
import { reviewerLabels } from "../testing/agreement-fixtures";
import { buildCalibration } from "./calibration";

/**
 * One human ceiling on every surface (docs/statistics.md): the Agreement page (queueAgreement), a calibration and so
 * the calibration and judge pages (buildCalibration), and `gavel queue agreement` (populationCeiling) give the same
 * value for the same items. lib/judging/ceiling-surfaces.db.test.ts holds the stored calibration and the command to it.
 */
// t1 and t2 are settled; t3 and t4 are disagreements awaiting adjudication (no gold label yet).
const labels = reviewerLabels({
  t1: { r1: "pass", r2: "pass", r3: "pass" },
  t2: { r1: "fail", r2: "fail", r3: "fail" },
  t3: { r1: "pass", r2: "pass", r3: "fail" },
  t4: { r1: "pass", r2: "fail" },
});

function calibrate(kind: "binary" | "graded", split: string[], gold: Record<string, string>, all = labels) {
  return buildCalibration({
    kind,
    scale: null,
    gold: Object.entries(gold).map(([transcriptId, value]) => ({ transcriptId, value, length: null })),
    verdicts: [],
    humanLabels: all.filter((l) => l.transcriptId in gold),
    ceiling: { labels: all.filter((l) => split.includes(l.transcriptId)), queueValues: all.map((l) => l.value) },
  });
}

describe("one human ceiling for the Agreement page, the calibration and judge pages and the CLI", () => {
  it("gives 23/143 on the whole queue on the Agreement page and the command", () => {
    const page = queueAgreement(labels, { kind: "binary", scale: null }).group.fleissKappa;
    expect(page).toBeCloseTo(23 / 143, 15);
    expect(populationCeiling({ kind: "binary", scale: null }, labels).kappa).toBe(page);
    expect(calibrate("binary", ["t1", "t2", "t3", "t4"], { t1: "pass", t2: "fail" }).human.fleissKappa).toBe(page);
  });

  it("keeps pending disagreements in a split's ceiling: −0.200 on a split of t1 and t3 with only t1 settled (not 1.000)", () => {
    const calibration = calibrate("binary", ["t1", "t3"], { t1: "pass" });
    expect(calibration.human.fleissKappa).toBeCloseTo(-0.2, 15);
    expect(calibration.human.items).toBe(2);
    expect(populationCeiling({ kind: "binary", scale: null }, labels, new Set(["t1", "t3"])).kappa).toBe(calibration.human.fleissKappa);
  });

  it("builds the categories of an undeclared graded scale from the whole queue on every surface", () => {
    const graded = reviewerLabels({
      a: { r1: "1", r2: "2" },
      b: { r1: "2", r2: "2" },
      c: { r1: "3", r2: "5" },
      // d carries a 5 only one reviewer gave: it is on the scale of the queue, whatever the split holds.
      d: { r1: "5" },
    });
    const shape = { kind: "graded" as const, scale: null };
    const split = new Set(["a", "b"]);
    const command = populationCeiling(shape, graded, split).kappa;
    const calibration = calibrate("graded", ["a", "b"], { a: "1", b: "2" }, graded).human.fleissKappa;
    expect(calibration).toBe(command);
    const page = queueAgreement(
      graded.filter((l) => split.has(l.transcriptId) || l.transcriptId === "d"),
      shape,
    ).group.fleissKappa;
    expect(page).toBeCloseTo(command!, 12);
  });
});
