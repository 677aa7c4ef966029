import { describe, expect, it } from "vitest";
import { confusionMatrix, sortLabels } from "./confusion";

describe("confusionMatrix", () => {
  it("puts rater a on the rows and rater b on the columns", () => {
    const { labels, matrix } = confusionMatrix(["pass", "pass", "fail"], ["pass", "fail", "fail"]);
    expect(labels).toEqual(["fail", "pass"]);
    expect(matrix).toEqual([
      [1, 0],
      [1, 1],
    ]);
  });

  it("reproduces Artstein & Poesio (2008) Table 1 from scikit-learn's test vectors", () => {
    // sklearn/metrics/tests/test_classification.py, test_cohen_kappa: "These label vectors reproduce the contingency
    // matrix from Artstein and Poesio (2008), Table 1: np.array([[20, 20], [10, 50]])."
    const a = [...Array<string>(40).fill("0"), ...Array<string>(60).fill("1")];
    const b = [
      ...Array<string>(20).fill("0"),
      ...Array<string>(20).fill("1"),
      ...Array<string>(10).fill("0"),
      ...Array<string>(50).fill("1"),
    ];
    expect(confusionMatrix(a, b).matrix).toEqual([
      [20, 20],
      [10, 50],
    ]);
  });

  it("keeps the given label order, with zero rows and columns for unobserved labels", () => {
    const { labels, matrix } = confusionMatrix(["b", "b"], ["b", "c"], ["c", "a", "b"]);
    expect(labels).toEqual(["c", "a", "b"]);
    expect(matrix).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [1, 0, 1],
    ]);
  });

  it("returns an empty table for no items", () => {
    expect(confusionMatrix([], [])).toEqual({ labels: [], matrix: [] });
  });

  it("throws when the raters cover different numbers of items", () => {
    expect(() => confusionMatrix(["a", "b"], ["a"])).toThrow(/same items: got 2 and 1/);
  });

  it("throws on a value outside the given labels instead of dropping the item", () => {
    expect(() => confusionMatrix(["a", "z"], ["a", "a"], ["a", "b"])).toThrow(/Rater a gave "z" for item 1/);
  });

  it("throws on a label listed twice", () => {
    expect(() => confusionMatrix(["a"], ["a"], ["a", "a"])).toThrow(/listed twice/);
  });
});

describe("sortLabels", () => {
  it("sorts numeric strings by value, so 10 comes after 9", () => {
    expect(sortLabels(["10", "9", "2", "-1", "2.5"])).toEqual(["-1", "2", "2.5", "9", "10"]);
  });

  it("sorts anything else by code units, independent of locale", () => {
    expect(sortLabels(["b", "a", "B", "10", "9"])).toEqual(["10", "9", "B", "a", "b"]);
  });
});
