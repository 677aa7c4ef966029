import { describe, expect, it } from "vitest";
import { alignmentOf, countChanges, itemChanges, pickWorkbenchSet, versionChanges, type WorkbenchVerdict } from "./workbench";

const v = (transcriptId: string, value: string | null, extra: Partial<WorkbenchVerdict> = {}): WorkbenchVerdict => ({
  transcriptId,
  order: "original",
  repeat: 0,
  status: value === null ? "error" : "ok",
  value,
  ...extra,
});

describe("alignmentOf", () => {
  it("names false passes, false fails, unstable repeats and unanswered items", () => {
    expect(alignmentOf("fail", [v("a", "pass")], "pass")).toBe("false_pass");
    expect(alignmentOf("pass", [v("a", "fail")], "pass")).toBe("false_fail");
    expect(alignmentOf("pass", [v("a", "pass")], "pass")).toBe("aligned");
    expect(alignmentOf("pass", [v("a", "pass"), v("a", "fail", { repeat: 1 })], "pass")).toBe("repeats_disagree");
    expect(alignmentOf("pass", [v("a", null)], "pass")).toBe("unanswered");
    expect(alignmentOf("pass", [], "pass")).toBe("unanswered");
    expect(alignmentOf("4", [v("a", "2")], null)).toBe("wrong");
  });
});

describe("itemChanges", () => {
  it("counts fixed, broken, unchanged and items one side did not answer", () => {
    const gold = ["pass", "fail", "pass", "fail", "pass"].map((value, i) => ({ transcriptId: `t${i}`, value }));
    const before = [v("t0", "fail"), v("t1", "fail"), v("t2", "pass"), v("t3", "pass"), v("t4", "pass")];
    const after = [v("t0", "pass"), v("t1", "pass"), v("t2", "pass"), v("t3", "pass"), v("t4", null)];
    const rows = itemChanges(gold, before, after);
    expect(rows.map((r) => r.change)).toEqual(["fixed", "broken", "unchanged", "unchanged", "not_compared"]);
    expect(countChanges(rows)).toEqual({ fixed: 1, broken: 1, unchanged: 2, changed_still_wrong: 0, not_compared: 1 });
  });
});

describe("versionChanges", () => {
  const base = { provider: "openai", model: "m", baseUrl: null, promptTemplate: "a {{output}}", params: {}, parser: "pass_fail" };
  it("names every field that changed, examples added and removed", () => {
    expect(versionChanges(base, base)).toEqual([]);
    const example = { transcriptId: "t", input: "Task: x\nOutput: y", label: "fail", reason: "r" };
    expect(versionChanges(base, { ...base, promptTemplate: "b {{output}}", params: { temperature: 0.5 }, examples: [example] })).toEqual([
      "prompt template",
      "temperature: 0 → 0.5",
      "worked examples: 1 added, 0 removed (1 now)",
    ]);
  });
});

describe("pickWorkbenchSet", () => {
  const sets = [{ id: "aaa-other-team" }, { id: "mine" }, { id: "older" }];
  it("opens the label set asked for", () => expect(pickWorkbenchSet(sets, "older", ["mine"])?.id).toBe("older"));
  it("else the one the version was calibrated on, not the first by name", () =>
    expect(pickWorkbenchSet(sets, undefined, [null, "mine"])?.id).toBe("mine"));
  it("skips an unknown or archived set and falls back to the first", () =>
    expect(pickWorkbenchSet(sets, "gone", ["gone-too"])?.id).toBe("aaa-other-team"));
  it("is undefined with no set", () => expect(pickWorkbenchSet([], undefined, [])).toBeUndefined());
});
