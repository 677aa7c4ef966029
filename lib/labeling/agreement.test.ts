import { describe, expect, it } from "vitest";
import { allowedValues, queueAgreement, type ReviewerLabel } from "./agreement";
import { reviewerLabels, twoReviewerTable } from "../testing/agreement-fixtures";

const binary = { kind: "binary", scale: null } as const;

/** The shared two-reviewer table (8 pass/pass, 6 fail/fail, 4 pass/fail with ann pass and bob fail, 2 fail/pass) as labels. */
function twentyItems(): ReviewerLabel[] {
  return twoReviewerTable("ann", "bob").flatMap((item) =>
    item.labels.map((label) => ({ transcriptId: item.key, reviewerId: label.reviewer, value: label.value })),
  );
}

describe("queueAgreement, two reviewers", () => {
  const result = queueAgreement(twentyItems(), binary);
  const pair = result.pairs[0]!;

  it("Cohen's kappa equals the hand computation", () => {
    // n = 20, agreements 8 + 6 = 14: p_o = 14/20 = 0.7.
    // ann: pass 12/20 = 0.6, fail 0.4; bob: pass 10/20 = 0.5, fail 0.5.
    // p_e = 0.6·0.5 + 0.4·0.5 = 0.5; κ = (0.7 − 0.5) / (1 − 0.5) = 0.4.
    expect(result.pairs).toHaveLength(1);
    expect(pair).toMatchObject({ reviewerA: "ann", reviewerB: "bob", n: 20, agreed: 14, undefinedReason: null });
    expect(pair.percentAgreement).toBeCloseTo(0.7, 12);
    expect(pair.kappa).toBeCloseTo(0.4, 12);
  });

  it("its standard error and Wald interval equal the Fleiss–Cohen–Everitt formula worked by hand", () => {
    // Proportions (rows ann, columns bob; pass, fail): p_pp 0.4, p_pf 0.2, p_fp 0.1, p_ff 0.3.
    // Margins: ann 0.6 / 0.4, bob 0.5 / 0.5; κ = 0.4, 1 − κ = 0.6, p_e = 0.5.
    // Diagonal: 0.4·(1 − (0.6 + 0.5)·0.6)² + 0.3·(1 − (0.4 + 0.5)·0.6)² = 0.4·0.34² + 0.3·0.46² = 0.04624 + 0.06348 = 0.10972.
    // Off-diagonal: (1 − κ)²·[0.2·(p_·pass + p_fail·)² + 0.1·(p_·fail + p_pass·)²] = 0.36·[0.2·0.9² + 0.1·1.1²] = 0.36·0.283 = 0.10188.
    // Minus (κ − p_e(1 − κ))² = (0.4 − 0.3)² = 0.01. Var = (0.10972 + 0.10188 − 0.01) / (20·0.5²) = 0.2016 / 5 = 0.04032.
    const se = Math.sqrt(0.04032);
    expect(pair.se).toBeCloseTo(se, 12);
    expect(pair.ci95!.low).toBeCloseTo(0.4 - 1.959963984540054 * se, 12);
    expect(pair.ci95!.high).toBeCloseTo(0.4 + 1.959963984540054 * se, 12);
    // Rows ann (fail, pass), columns bob (fail, pass).
    expect(result.categories).toEqual(["fail", "pass"]);
    expect(pair.confusion).toEqual([
      [6, 2],
      [4, 8],
    ]);
  });

  it("Krippendorff's alpha and Fleiss' kappa across all reviewers equal the hand computation", () => {
    // Coincidences (each 2-value unit adds 1/(2 − 1) per ordered pair): o_pp = 2·8 = 16, o_ff = 2·6 = 12, o_pf = o_fp = 6.
    // n_pass = 22, n_fail = 18, n = 40. α = 1 − (n − 1)·(o_pf + o_fp) / (2·n_pass·n_fail) = 1 − 39·12/792 = 9/22.
    expect(result.group.alpha).toBeCloseTo(9 / 22, 12);
    // Fleiss: N = 20, m = 2; Σ n_ij² = 14·4 + 6·2 = 68; P̄ = (68 − 40)/(40·1) = 0.7.
    // p_pass = 22/40 = 0.55, p_fail = 0.45; P̄_e = 0.3025 + 0.2025 = 0.505; κ = 0.195/0.495 = 13/33.
    expect(result.group.fleissKappa).toBeCloseTo(13 / 33, 12);
    expect(result.group).toMatchObject({
      items: 20,
      unanimous: 14,
      labelsPerItem: 2,
      alphaUndefinedReason: null,
      fleissUndefinedReason: null,
    });
    expect(result.group.percentUnanimous).toBeCloseTo(0.7, 12);
  });

  it("lists the six disagreements with each reviewer's value", () => {
    expect(result.disagreements.map((d) => d.transcriptId)).toEqual(["item-15", "item-16", "item-17", "item-18", "item-19", "item-20"]);
    expect(result.disagreements[0]).toEqual({
      transcriptId: "item-15",
      labels: [
        { reviewerId: "ann", value: "pass" },
        { reviewerId: "bob", value: "fail" },
      ],
      values: ["fail", "pass"],
    });
    expect(result.reviewers).toEqual([
      { reviewerId: "ann", labels: 20, counts: { fail: 8, pass: 12 } },
      { reviewerId: "bob", labels: 20, counts: { fail: 10, pass: 10 } },
    ]);
  });
});

describe("undefined statistics are null with a reason", () => {
  it("both reviewers constant on the same label: κ undefined, α undefined", () => {
    const labels = ["a", "b", "c"].flatMap((id) => [
      { transcriptId: id, reviewerId: "ann", value: "pass" },
      { transcriptId: id, reviewerId: "bob", value: "pass" },
    ]);
    const result = queueAgreement(labels, binary);
    expect(result.pairs[0]).toMatchObject({ n: 3, agreed: 3, percentAgreement: 1, kappa: null, se: null, ci95: null });
    expect(result.pairs[0]!.undefinedReason).toMatch(/same label \("pass"\).*p_e = 1/);
    expect(result.group.alpha).toBeNull();
    expect(result.group.fleissKappa).toBeNull();
    expect(result.group.alphaUndefinedReason).toMatch(/no variation/);
    expect(result.disagreements).toEqual([]);
  });

  it("one reviewer constant, the other not: κ is 0, defined", () => {
    // ann always pass; bob pass, fail. p_o = 1/2, p_e = 1·1/2 = 1/2: κ = 0.
    const labels = reviewerLabels({ a: { ann: "pass", bob: "pass" }, b: { ann: "pass", bob: "fail" } });
    expect(queueAgreement(labels, binary).pairs[0]!.kappa).toBe(0);
  });

  it("no shared items: n = 0, κ and percent agreement null", () => {
    const labels = reviewerLabels({ a: { ann: "pass" }, b: { bob: "fail" } });
    const result = queueAgreement(labels, binary);
    expect(result.pairs[0]).toMatchObject({
      n: 0,
      kappa: null,
      percentAgreement: null,
      percentAgreementCi: null,
      undefinedReason: "They labeled no item in common.",
    });
    expect(result.group).toMatchObject({ items: 0, alpha: null, fleissKappa: null, percentUnanimous: null });
    expect(result.group.alphaUndefinedReason).toMatch(/No item has labels from two reviewers/);
  });

  it("no labels at all", () => {
    const result = queueAgreement([], binary);
    expect(result).toMatchObject({ pairs: [], reviewers: [], disagreements: [] });
    expect(result.group.alpha).toBeNull();
  });
});

describe("three reviewers with a missing label", () => {
  // x: pass, pass, pass · y: pass, fail, — · z: fail, fail, fail.
  const labels: ReviewerLabel[] = reviewerLabels({
    x: { r1: "pass", r2: "pass", r3: "pass" },
    y: { r1: "pass", r2: "fail" },
    z: { r1: "fail", r2: "fail", r3: "fail" },
  });
  const result = queueAgreement(labels, binary);

  it("Krippendorff's alpha and the ceiling (Fleiss' κ, Gwet's form) use every label, whatever the number per item", () => {
    // Coincidences: x (3 pass) adds 3·2/2 = 3 to o_pp; z adds 3 to o_ff; y (pass, fail) adds 1 to o_pf and o_fp.
    // n_pass = 4, n_fail = 4, n = 8. α = 1 − 7·2 / (2·4·4) = 1 − 14/32 = 9/16.
    expect(result.group.alpha).toBeCloseTo(9 / 16, 12);
    // Ceiling: p_a = (1 + 0 + 1)/3 = 2/3; π_pass = (1 + 1/2 + 0)/3 = 1/2, p_e = 1/2; κ = (2/3 − 1/2)/(1/2) = 1/3.
    expect(result.group.fleissKappa).toBeCloseTo(1 / 3, 12);
    expect(result.group.fleissUndefinedReason).toBeNull();
    expect(result.group).toMatchObject({ items: 3, unanimous: 2, labelsPerItem: null });
  });

  it("gives one row per pair, each on its own shared items", () => {
    expect(result.pairs.map((p) => [p.reviewerA, p.reviewerB, p.n])).toEqual([
      ["r1", "r2", 3],
      ["r1", "r3", 2],
      ["r2", "r3", 2],
    ]);
    // r1–r2: (pass,pass), (pass,fail), (fail,fail): p_o = 2/3; r1 pass 2/3, r2 pass 1/3: p_e = 2/9 + 2/9 = 4/9.
    // κ = (2/3 − 4/9) / (5/9) = (2/9)/(5/9) = 0.4.
    expect(result.pairs[0]!.kappa).toBeCloseTo(0.4, 12);
    expect(result.disagreements.map((d) => d.transcriptId)).toEqual(["y"]);
  });
});

describe("graded queues", () => {
  it("adds the quadratic-weighted kappa on the declared scale", () => {
    // Scale 1–3. ann: 1, 2, 3; bob: 1, 3, 3. Weights v = ((i − j)/2)²: only (2,3) disagrees, v = 1/4.
    // D_o = 1/4. Margins ann (1,1,1), bob (1,0,2); D_e = Σ v_ij r_i c_j / n = [r1·c3·1 + r2·c1·1/4 + r2·c3·1/4 + r3·c1·1] / 3
    //   = [2 + 1/4 + 2/4 + 1] / 3 = 3.75/3 = 1.25. κ_w = 1 − 0.25/1.25 = 0.8.
    const labels = [1, 2, 3].flatMap((i) => [
      { transcriptId: `i${i}`, reviewerId: "ann", value: String(i) },
      { transcriptId: `i${i}`, reviewerId: "bob", value: String(i === 2 ? 3 : i) },
    ]);
    const result = queueAgreement(labels, { kind: "graded", scale: { min: 1, max: 3 } });
    expect(result.categories).toEqual(["1", "2", "3"]);
    expect(result.pairs[0]!.weightedKappa).toBeCloseTo(0.8, 12);
    expect(result.group.alphaLevel).toBe("ordinal");
  });
});

describe("bad input throws rather than being dropped", () => {
  it("a value outside the queue's categories", () => {
    expect(() => queueAgreement([{ transcriptId: "a", reviewerId: "ann", value: "maybe" }], binary)).toThrow(
      /"maybe", which is not one of fail, pass/,
    );
  });
  it("the same reviewer twice on one item", () => {
    const twice = [
      { transcriptId: "a", reviewerId: "ann", value: "pass" },
      { transcriptId: "a", reviewerId: "ann", value: "fail" },
    ];
    expect(() => queueAgreement(twice, binary)).toThrow(/more than once/);
  });
});

describe("allowedValues", () => {
  it("follows the queue kind and scale", () => {
    expect(allowedValues(binary)).toEqual(["fail", "pass"]);
    expect(allowedValues({ kind: "pairwise", scale: null })).toEqual(["A", "B"]);
    expect(allowedValues({ kind: "graded", scale: null })).toEqual(["1", "2", "3", "4", "5"]);
    expect(allowedValues({ kind: "graded", scale: { min: 0, max: 2 } })).toEqual(["0", "1", "2"]);
  });
});
