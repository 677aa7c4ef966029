import { describe, expect, it } from "vitest";
import { chooseValue, dimensionControls, pressDimensionKey, primaryUsesDigits } from "./dimension-choices";

const controls = dimensionControls([
  { name: "reason", type: "categorical", values: ["hallucination", "wrong tool", "incomplete"], multi: false },
  { name: "tags", type: "categorical", values: ["slow", "rude"], multi: true },
  { name: "tone", type: "numeric", min: 1, max: 5 },
  { name: "cost", type: "numeric", min: 0, max: 100 },
  { name: "policy", type: "binary" },
]);

describe("dimensionControls", () => {
  it("gives categories the digits in order, a small range its own digits, a wide range none, binary 1 and 2", () => {
    expect(controls.map((c) => c.options.map((o) => `${o.key}=${o.value}`).join(" "))).toEqual([
      "1=hallucination 2=wrong tool 3=incomplete",
      "1=slow 2=rude",
      "1=1 2=2 3=3 4=4 5=5",
      "",
      "1=pass 2=fail",
    ]);
  });

  it("leaves categories past the ninth without a key", () => {
    const [wide] = dimensionControls([
      { name: "many", type: "categorical", values: Array.from({ length: 11 }, (_, i) => `v${i}`), multi: false },
    ]);
    expect(wide!.options.map((o) => o.key).slice(8)).toEqual(["9", "", ""]);
  });
});

describe("pressDimensionKey", () => {
  const start = { values: {}, active: 0 };

  it("a digit picks in the active dimension and a single choice moves on", () => {
    expect(pressDimensionKey(controls, start, "2")).toEqual({ values: { reason: "wrong tool" }, active: 1 });
  });

  it("a multi-select toggles and stays", () => {
    const once = pressDimensionKey(controls, { values: {}, active: 1 }, "2")!;
    expect(once).toEqual({ values: { tags: ["rude"] }, active: 1 });
    const twice = pressDimensionKey(controls, once, "1")!;
    expect(twice.values).toEqual({ tags: ["rude", "slow"] });
    expect(pressDimensionKey(controls, twice, "2")!.values).toEqual({ tags: ["slow"] });
  });

  it("N cycles the active dimension, Backspace clears it, an unknown key is not ours", () => {
    expect(pressDimensionKey(controls, { values: {}, active: 4 }, "n")!.active).toBe(0);
    expect(pressDimensionKey(controls, { values: { reason: "incomplete" }, active: 0 }, "backspace")!.values).toEqual({});
    expect(pressDimensionKey(controls, start, "7")).toBeNull();
    expect(pressDimensionKey([], start, "1")).toBeNull();
  });

  it("the last dimension stays active after a choice", () => {
    expect(pressDimensionKey(controls, { values: {}, active: 4 }, "1")).toEqual({ values: { policy: "pass" }, active: 4 });
  });
});

describe("chooseValue", () => {
  it("choosing the chosen single value again clears it", () => {
    expect(chooseValue(controls[0]!, { reason: "incomplete" }, "incomplete")).toEqual({});
  });
});

describe("primaryUsesDigits", () => {
  it("is true for a graded primary's keys only", () => {
    expect(primaryUsesDigits([{ key: "p" }, { key: "f" }])).toBe(false);
    expect(primaryUsesDigits([{ key: "1" }, { key: "2" }])).toBe(true);
  });
});
