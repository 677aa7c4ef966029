import { describe, expect, it } from "vitest";
import { ITEM_KINDS } from "../items/kinds";
import { labelValueError } from "../schemas/labeling";
import { labelChoices } from "./choices";

describe("labelChoices", () => {
  it("binary is P and F, pairwise A and B, graded the digits of its scale", () => {
    expect(labelChoices("binary").map((c) => [c.value, c.key])).toEqual([
      ["pass", "p"],
      ["fail", "f"],
    ]);
    expect(labelChoices("pairwise").map((c) => [c.value, c.key])).toEqual([
      ["A", "a"],
      ["B", "b"],
    ]);
    expect(labelChoices("graded").map((c) => c.key)).toEqual(["1", "2", "3", "4", "5"]);
    expect(labelChoices("graded", { min: 0, max: 3 }).map((c) => c.value)).toEqual(["0", "1", "2", "3"]);
  });

  it("never takes the skip, undo or help keys", () => {
    for (const kind of ITEM_KINDS) {
      expect(labelChoices(kind).map((c) => c.key)).not.toEqual(expect.arrayContaining(["s"]));
      expect(labelChoices(kind).map((c) => c.key)).not.toEqual(expect.arrayContaining(["u"]));
    }
  });

  it("every choice is a value the server accepts for its kind", () => {
    for (const kind of ITEM_KINDS) {
      for (const choice of labelChoices(kind)) expect(labelValueError(kind, choice.value)).toBeNull();
    }
    expect(labelValueError("binary", "PASS")).toMatch(/pass, fail/);
    expect(labelValueError("graded", "6")).toMatch(/1, 2, 3, 4, 5/);
  });
});
