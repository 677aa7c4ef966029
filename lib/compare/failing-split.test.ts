import { describe, expect, it } from "vitest";
import { splitFailing } from "./failing-split";

const s = (status: "pass" | "fail" | "error" | "flaky" | "skipped") => ({ status });

describe("splitFailing", () => {
  it("leads with every failing or erroring task when there is no baseline", () => {
    const out = splitFailing(["a", "b", "c", "d"], { a: s("pass"), b: s("fail"), c: s("error"), d: s("flaky") }, null);
    expect(out).toEqual({ lead: ["b", "c"], noun: "failing tasks", alsoInBaseline: [] });
  });

  it("splits newly failing tasks from those failing in the baseline too, in the run's order", () => {
    const out = splitFailing(
      ["d", "a", "b", "c", "e"],
      { a: s("fail"), b: s("fail"), c: s("error"), d: s("fail"), e: s("pass") },
      { a: s("pass"), b: s("error"), c: s("flaky"), e: s("fail") },
    );
    // d is not in the baseline: nothing says it failed before.
    expect(out).toEqual({ lead: ["d", "a", "c"], noun: "newly failing tasks", alsoInBaseline: ["b"] });
  });

  it("leaves out tasks without stats (hidden from the viewer) and skipped tasks", () => {
    const out = splitFailing(["a", "b"], { b: s("skipped") }, { a: s("pass") });
    expect(out.lead).toEqual([]);
  });
});
