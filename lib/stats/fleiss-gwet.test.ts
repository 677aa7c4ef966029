import { describe, expect, it } from "vitest";
import { fleissKappaGeneralized } from "./fleiss-gwet";
import { disagreementWeights } from "./kappa-table";
import { fleissKappa } from "./multi-rater";
import { FLEISS_1971 } from "../testing/published-tables";

describe("fleissKappaGeneralized", () => {
  it("is Fleiss' κ when every item has the same number of ratings (Fleiss 1971: 5437/12637)", () => {
    expect(fleissKappa(FLEISS_1971)).toBeCloseTo(5437 / 12637, 9);
    expect(fleissKappaGeneralized(FLEISS_1971)).toBeCloseTo(5437 / 12637, 12);
  });

  it("by hand, three items with three labels and one with two: p_a = 7/12, p_e = 145/288, κ = 23/143", () => {
    // [pass pass pass], [fail fail fail], [pass pass fail], [pass fail]; columns fail, pass.
    // p_a = (1 + 1 + 1/3 + 0) / 4; π_pass = (1 + 0 + 2/3 + 1/2) / 4 = 13/24, π_fail = 11/24; p_e = (169 + 121) / 576.
    const counts = [
      [0, 3],
      [3, 0],
      [1, 2],
      [1, 1],
    ];
    expect(fleissKappaGeneralized(counts)).toBeCloseTo(23 / 143, 15);
    // The first three alone (equal numbers): classic Fleiss, 0.55.
    expect(fleissKappaGeneralized(counts.slice(0, 3))).toBeCloseTo(0.55, 15);
  });

  it("by hand with quadratic weights: [1, 2] and [3, 3, 3] on a 1–3 scale give p_a = 7/8, p_e = 21/32, κ = 7/11", () => {
    const agreement = disagreementWeights(3, "quadratic").map((row) => row.map((v) => 1 - v));
    expect(
      fleissKappaGeneralized(
        [
          [1, 1, 0],
          [0, 0, 3],
        ],
        agreement,
      ),
    ).toBeCloseTo(7 / 11, 15);
  });

  it("leaves out items with fewer than two ratings", () => {
    expect(
      fleissKappaGeneralized([
        [0, 3],
        [3, 0],
        [1, 2],
        [1, 1],
        [1, 0],
        [0, 0],
      ]),
    ).toBeCloseTo(23 / 143, 15);
  });

  it("is undefined with no item rated twice, and when every rating is in one category", () => {
    expect(
      fleissKappaGeneralized([
        [1, 0],
        [0, 1],
      ]),
    ).toBeNull();
    expect(fleissKappaGeneralized([])).toBeNull();
    expect(
      fleissKappaGeneralized([
        [3, 0],
        [2, 0],
      ]),
    ).toBeNull();
  });

  it("throws on a malformed count or weights that do not fit", () => {
    expect(() => fleissKappaGeneralized([[1.5, 1]])).toThrow(/Item 0, category 0/);
    expect(() => fleissKappaGeneralized([[1, 1], [1]])).toThrow(/Item 1 has 1 category counts/);
    expect(() => fleissKappaGeneralized([[1, 1]], [[1]])).toThrow(/must be 2 × 2/);
  });
});
