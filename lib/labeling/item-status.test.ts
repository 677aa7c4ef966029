import { describe, expect, it } from "vitest";
import { disagrees, itemStatus, snippet } from "./item-status";

const base = { gold: null, labelCount: 0, reviewersPerItem: 2, stranded: false, skips: 0 };

describe("itemStatus", () => {
  it("is gold when a gold label exists at the current rubric, whatever the labels", () => {
    expect(itemStatus({ ...base, gold: "import" })).toBe("gold");
    expect(itemStatus({ ...base, gold: "adjudication", labelCount: 2, stranded: true })).toBe("gold");
  });
  it("is labeled with every label it needs and no gold", () => {
    expect(itemStatus({ ...base, labelCount: 2 })).toBe("labeled");
  });
  it("puts stranded before skipped, skipped before needs labels", () => {
    expect(itemStatus({ ...base, labelCount: 1, stranded: true, skips: 1 })).toBe("stranded");
    expect(itemStatus({ ...base, labelCount: 1, skips: 1 })).toBe("skipped");
    expect(itemStatus({ ...base, labelCount: 1 })).toBe("needs-labels");
  });
});

describe("disagrees", () => {
  it("needs two different values", () => {
    expect(disagrees([])).toBe(false);
    expect(disagrees(["pass", "pass"])).toBe(false);
    expect(disagrees(["pass", "fail"])).toBe(true);
  });
});

describe("snippet", () => {
  it("folds whitespace and cuts long text", () => {
    expect(snippet("a\n\n b\tc")).toBe("a b c");
    expect(snippet("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
    expect(snippet(null)).toBe("");
  });
});
