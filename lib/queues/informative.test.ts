import { describe, expect, it } from "vitest";
import { devOrderKey, informativeness, signalsOf } from "./informative";
import { orderKey } from "./items";

const v = (versionId: string, value: string, order = "original", repeat = 0) => ({ versionId, order, repeat, value });

describe("most informative first", () => {
  it("raises each signal from the verdicts and the human majority", () => {
    expect(signalsOf([v("a", "pass"), v("a", "fail", "original", 1)], [])).toMatchObject({
      repeatsDisagree: true,
      versionsDisagree: false,
    });
    expect(signalsOf([v("a", "pass"), v("b", "fail")], [])).toMatchObject({ versionsDisagree: true, repeatsDisagree: false });
    expect(signalsOf([v("a", "pass")], ["fail", "fail", "pass"])).toMatchObject({ differsFromHumans: true });
    expect(signalsOf([v("a", "pass")], ["fail", "pass"]).differsFromHumans).toBe(false); // a tie is no majority
    expect(signalsOf([v("a", "A"), v("a", "B", "swapped")], []).flipsWithOrder).toBe(true);
    expect(informativeness(signalsOf([v("a", "pass")], ["pass"]))).toBe(0);
    expect(informativeness(signalsOf([v("a", "A"), v("a", "B", "swapped"), v("b", "B")], ["B", "B"]))).toBe(3);
  });

  it("puts items with more signals first and leaves the others on their hash key", () => {
    const keys = [devOrderKey("q", "t1", 0), devOrderKey("q", "t2", 1), devOrderKey("q", "t3", 3)];
    expect(keys[0]).toBe(orderKey("q", "t1"));
    expect([...keys].sort()).toEqual([keys[2], keys[1], keys[0]]);
  });
});
