import { describe, expect, it } from "vitest";
import { spearmanRho } from "../stats";
import { queueAgreement } from "../labeling/agreement";
import { buildCalibration } from "./calibration";
import { humanCeiling, leaveOneOutRho } from "./human-ceiling";

describe("leaveOneOutRho", () => {
  it("averages each rater's ρ against the mean of the others", () => {
    const ratings = [
      [1, 2, 1],
      [2, 2, 3],
      [3, 4, 3],
      [5, 4, 4],
      [4, 5, 5],
    ];
    const result = leaveOneOutRho(ratings);
    const first = spearmanRho(
      ratings.map((r) => r[0]!),
      ratings.map((r) => (r[1]! + r[2]!) / 2),
    );
    expect(result.perRater[0]).toBeCloseTo(first!, 12);
    expect(result.rho).toBeCloseTo(result.perRater.reduce<number>((a, b) => a + b!, 0) / 3, 12);
    expect(result.n).toBe(5);
  });

  it("is undefined when a rater is constant, and skips items without every rating", () => {
    expect(
      leaveOneOutRho([
        [3, 1, 2],
        [3, 2, 4],
        [3, 5],
      ]).rho,
    ).toBeNull();
    expect(
      leaveOneOutRho([
        [3, 1, 2],
        [3, 2, 4],
        [3, 5],
      ]).n,
    ).toBe(2);
  });
});

describe("one human ceiling for the Agreement page and the judge pages", () => {
  // Three items with three labels and one with two: the case where the two pages used to disagree (the queue's
  // Fleiss' κ undefined, the judge page's 0.55 on the first three items).
  const labels = [
    ["t1", "r1", "pass"],
    ["t1", "r2", "pass"],
    ["t1", "r3", "pass"],
    ["t2", "r1", "fail"],
    ["t2", "r2", "fail"],
    ["t2", "r3", "fail"],
    ["t3", "r1", "pass"],
    ["t3", "r2", "pass"],
    ["t3", "r3", "fail"],
    ["t4", "r1", "pass"],
    ["t4", "r2", "fail"],
  ].map(([transcriptId, reviewerId, value]) => ({ transcriptId: transcriptId!, reviewerId: reviewerId!, value: value! }));

  it("gives the same ceiling, 23/143 by hand, on both", () => {
    const queue = queueAgreement(labels, { kind: "binary", scale: null });
    const judge = buildCalibration({
      kind: "binary",
      scale: null,
      gold: ["t1", "t2", "t3", "t4"].map((transcriptId) => ({ transcriptId, value: "pass", length: null })),
      verdicts: [],
      humanLabels: labels,
    });
    expect(queue.group.fleissKappa).toBeCloseTo(23 / 143, 15);
    expect(judge.human.fleissKappa).toBe(queue.group.fleissKappa);
    expect(
      humanCeiling(
        "binary",
        ["fail", "pass"],
        [
          ["pass", "pass", "pass"],
          ["fail", "fail", "fail"],
          ["pass", "pass", "fail"],
          ["pass", "fail"],
        ],
      ).kappa,
    ).toBe(queue.group.fleissKappa);
  });

  it("weighs graded scores quadratically, as the judge's weighted κ does, and says why it is undefined", () => {
    expect(
      humanCeiling(
        "graded",
        ["1", "2", "3"],
        [
          ["1", "2"],
          ["3", "3", "3"],
        ],
      ).kappa,
    ).toBeCloseTo(7 / 11, 15);
    expect(humanCeiling("binary", ["fail", "pass"], [["pass"]]).undefinedReason).toMatch(/No item has labels from two reviewers/);
    expect(humanCeiling("binary", ["fail", "pass"], [["pass", "pass"]]).undefinedReason).toMatch(/no variation/);
  });
});
