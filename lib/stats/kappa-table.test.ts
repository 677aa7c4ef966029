import { describe, expect, it } from "vitest";
import { disagreementWeights, kappaFromTable, kappaStandardErrorFromTable } from "./kappa-table";

// SAS PROC FREQ agreement printout reproduced in statsmodels' stats/tests/test_inter_rater.py (table10).
const SAS_TABLE = [
  [0, 4, 1],
  [0, 8, 0],
  [0, 1, 5],
];

describe("disagreementWeights", () => {
  it("gives |i − j|/(k − 1) for linear weights", () => {
    expect(disagreementWeights(3, "linear")).toEqual([
      [0, 0.5, 1],
      [0.5, 0, 0.5],
      [1, 0.5, 0],
    ]);
  });

  it("gives ((i − j)/(k − 1))² for quadratic weights", () => {
    expect(disagreementWeights(3, "quadratic")).toEqual([
      [0, 0.25, 1],
      [0.25, 0, 0.25],
      [1, 0.25, 0],
    ]);
  });

  it("gives 1 off the diagonal when unweighted", () => {
    expect(disagreementWeights(2)).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });
});

describe("kappaFromTable", () => {
  it("matches the SAS agreement example: κ = 107/221 (0.4842)", () => {
    expect(kappaFromTable(SAS_TABLE)).toBeCloseTo(107 / 221, 9);
  });

  it("is undefined for an empty table", () => {
    expect(
      kappaFromTable([
        [0, 0],
        [0, 0],
      ]),
    ).toBeNull();
  });

  it("throws on a table that is not square", () => {
    expect(() => kappaFromTable([[1, 2], [3]])).toThrow(/row 1 has 1 cells, expected 2/);
  });

  it("throws on a negative count", () => {
    expect(() =>
      kappaFromTable([
        [1, -1],
        [0, 1],
      ]),
    ).toThrow(/Cell \[0\]\[1\] must be a non-negative count/);
  });
});

describe("kappaStandardErrorFromTable", () => {
  it("gives the Fleiss, Cohen & Everitt (1969) SE for quadratic weights on the SAS table", () => {
    // Exactly sqrt(345697248/9354951841) by rational arithmetic; statsmodels 0.13 cohens_kappa(table10, wt="quadratic")
    // prints std_kappa 0.19223266335726072.
    expect(kappaStandardErrorFromTable(SAS_TABLE, disagreementWeights(3, "quadratic"))).toBeCloseTo(0.19223266335726069, 9);
  });
});
