import { describe, expect, it } from "vitest";
import { chooseEstimator, intervalMethod } from "./estimator";

const pairs = ["pass", "fail", "pass", "fail", "pass", "pass"].map((gold, i) => ({
  transcriptId: `t${i}`,
  judge: i === 2 ? "fail" : gold,
  gold,
}));
const shape = { kind: "binary" as const, categories: ["fail", "pass"], positive: "pass", seed: 1 };

describe("intervalMethod", () => {
  it("names the Wald interval when every item had the same chance, and for calibrations made before estimators were stored", () => {
    expect(intervalMethod({ estimator: chooseEstimator(pairs, undefined, shape) })).toBe("Wald");
    expect(intervalMethod({})).toBe("Wald");
    expect(intervalMethod(null)).toBe("Wald");
  });

  it("names the bootstrap when a stratified draw weighted the items", () => {
    const design = Object.fromEntries(
      pairs.map((p, i) => [p.transcriptId, { probability: i < 3 ? 1 : 0.25, stratum: i < 3 ? "judge fail" : "judge pass" }]),
    );
    const estimator = chooseEstimator(pairs, design, shape);
    expect(estimator.name).toBe("horvitz-thompson");
    expect(intervalMethod({ estimator })).toBe("bootstrap");
  });
});
