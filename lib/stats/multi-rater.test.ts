import { describe, expect, it } from "vitest";
import { FLEISS_1971 } from "../testing/published-tables";
import { fleissKappa, krippendorffAlpha, pairwiseKappas } from "./multi-rater";

// Wikipedia, "Fleiss' kappa", worked example: 10 subjects, 14 raters, 5 categories (also statsmodels' table0).
const WIKIPEDIA_FLEISS = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 coders (A–D) by 12 units, with
// missing values; published α: nominal .743, ordinal .815, interval .849.
const K2011_CODERS = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];
const K2011_UNITS = K2011_CODERS[0]!.map((_, unit) => K2011_CODERS.map((coder) => coder[unit]!));

// Wikipedia, "Krippendorff's alpha", computational example: 3 coders by 15 units (also fast-krippendorff's tests).
const WIKIPEDIA_ALPHA_CODERS = [
  [null, null, null, null, null, 3, 4, 1, 2, 1, 1, 3, 3, null, 3],
  [1, null, 2, 1, 3, 3, 4, 3, null, null, null, null, null, null, null],
  [null, null, 2, 1, 3, 4, 4, null, 2, 1, 1, 3, 3, null, 4],
];
const WIKIPEDIA_ALPHA_UNITS = WIKIPEDIA_ALPHA_CODERS[0]!.map((_, unit) => WIKIPEDIA_ALPHA_CODERS.map((coder) => coder[unit]!));

describe("fleissKappa", () => {
  it("matches Wikipedia's worked example: P̄ = 172/455, P̄_e = 417/1960, κ = 4211/20059 (0.210)", () => {
    expect(fleissKappa(WIKIPEDIA_FLEISS)).toBeCloseTo(4211 / 20059, 9);
  });

  it("matches Fleiss (1971): κ = 5437/12637 (.430; R irr::kappam.fleiss 0.4302445)", () => {
    expect(fleissKappa(FLEISS_1971)).toBeCloseTo(5437 / 12637, 9);
  });

  it("is undefined when every rating falls in one category", () => {
    expect(
      fleissKappa([
        [3, 0],
        [3, 0],
      ]),
    ).toBeNull();
  });

  it("is undefined for no items", () => {
    expect(fleissKappa([])).toBeNull();
  });

  it("throws when items have different numbers of ratings", () => {
    expect(() =>
      fleissKappa([
        [2, 1],
        [1, 1],
      ]),
    ).toThrow(/item 0 has 3, item 1 has 2/);
  });

  it("throws with fewer than two ratings per item", () => {
    expect(() => fleissKappa([[1, 0]])).toThrow(/at least 2 ratings per item/);
  });

  it("throws on a count that is not a non-negative integer", () => {
    expect(() => fleissKappa([[1.5, 0.5]])).toThrow(/Item 0, category 0/);
  });
});

describe("krippendorffAlpha", () => {
  it("matches Krippendorff (2011) at the nominal level: α = 113/152 (.743)", () => {
    expect(krippendorffAlpha(K2011_UNITS, "nominal")).toBeCloseTo(113 / 152, 9);
  });

  it("matches Krippendorff (2011) at the ordinal level: α = 108577/133160 (.815)", () => {
    expect(krippendorffAlpha(K2011_UNITS, "ordinal")).toBeCloseTo(108577 / 133160, 9);
  });

  it("matches Krippendorff (2011) at the interval level: α = 951/1120 (.849)", () => {
    expect(krippendorffAlpha(K2011_UNITS, "interval")).toBeCloseTo(951 / 1120, 9);
  });

  it("matches Wikipedia's computational example: nominal α = 56/81 (0.691)", () => {
    expect(krippendorffAlpha(WIKIPEDIA_ALPHA_UNITS, "nominal")).toBeCloseTo(56 / 81, 9);
  });

  it("matches Wikipedia's computational example: interval α = 643/793 (0.811)", () => {
    expect(krippendorffAlpha(WIKIPEDIA_ALPHA_UNITS, "interval")).toBeCloseTo(643 / 793, 9);
  });

  it("treats numeric strings like numbers at the interval level", () => {
    const asStrings = K2011_UNITS.map((unit) => unit.map((v) => (v === null ? null : String(v))));
    expect(krippendorffAlpha(asStrings, "interval")).toBeCloseTo(951 / 1120, 9);
  });

  it("ignores units with fewer than two values", () => {
    expect(krippendorffAlpha([...K2011_UNITS, [7, null, null, null], [null, null, null, null]], "nominal")).toBeCloseTo(113 / 152, 9);
  });

  it("is undefined when every unit is missing", () => {
    expect(
      krippendorffAlpha(
        [
          [null, null],
          [null, null],
        ],
        "nominal",
      ),
    ).toBeNull();
  });

  it("is undefined when every pairable value is the same (D_e = 0)", () => {
    expect(
      krippendorffAlpha(
        [
          ["a", "a"],
          ["a", "a", null],
        ],
        "nominal",
      ),
    ).toBeNull();
  });

  it("is 1 for perfect agreement with variation", () => {
    expect(
      krippendorffAlpha(
        [
          ["a", "a"],
          ["b", "b"],
        ],
        "nominal",
      ),
    ).toBe(1);
  });

  it("throws when strings and numbers are mixed", () => {
    expect(() => krippendorffAlpha([[1, "1"]], "nominal")).toThrow(/Mix of numbers and strings/);
  });

  it("throws on a non-numeric value at the ordinal level", () => {
    expect(() => krippendorffAlpha([["low", "high"]], "ordinal")).toThrow(/ordinal level needs numeric values, got "low"/);
  });
});

describe("pairwiseKappas", () => {
  const ratings = [
    { item: "t1", rater: "bob", value: "pass" },
    { item: "t2", rater: "bob", value: "fail" },
    { item: "t3", rater: "bob", value: "pass" },
    { item: "t1", rater: "amy", value: "pass" },
    { item: "t2", rater: "amy", value: "fail" },
    { item: "t3", rater: "amy", value: "fail" },
    { item: "t4", rater: "cat", value: "pass" },
  ];

  it("gives one row per pair of raters, sorted by rater id", () => {
    expect(pairwiseKappas(ratings).map((p) => [p.raterA, p.raterB])).toEqual([
      ["amy", "bob"],
      ["amy", "cat"],
      ["bob", "cat"],
    ]);
  });

  it("computes Cohen's κ on the items both raters labeled: p_o = 2/3, p_e = 4/9, κ = 0.4", () => {
    const [amyBob] = pairwiseKappas(ratings);
    expect(amyBob).toMatchObject({ raterA: "amy", raterB: "bob", n: 3 });
    expect(amyBob?.kappa).toBeCloseTo(0.4, 12);
  });

  it("reports a pair with no shared item as n = 0 and κ undefined", () => {
    expect(pairwiseKappas(ratings)[1]).toEqual({ raterA: "amy", raterB: "cat", n: 0, kappa: null });
  });

  it("throws when a rater labeled the same item twice", () => {
    expect(() => pairwiseKappas([...ratings, { item: "t1", rater: "amy", value: "fail" }])).toThrow(/"amy" rated item "t1" more than once/);
  });
});
