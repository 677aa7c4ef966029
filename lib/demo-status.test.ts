import { describe, expect, it } from "vitest";
import { demoNotice, DEMO_STALE_MS, type DemoStatus } from "./demo-status";

const at = Date.parse("2026-12-01T12:00:00Z");
const status = (over: Partial<DemoStatus>): DemoStatus => ({
  state: "loading",
  done: 1,
  steps: 5,
  detail: "importing HANNA",
  updatedAt: new Date(at).toISOString(),
  ...over,
});

describe("demoNotice", () => {
  it("says which step is loading while the demo data arrives", () => {
    expect(demoNotice(status({}), at + 1000)).toEqual({
      tone: "info",
      text: expect.stringContaining("Loading the demo data, step 2 of 5: importing HANNA"),
    });
  });

  it("says nothing when the data is ready or was never seeded", () => {
    expect(demoNotice(status({ state: "ready", done: 5 }), at)).toBeNull();
    expect(demoNotice(null, at)).toBeNull();
  });

  it("warns about a failure and about a start stopped mid-way, never claiming it is still loading", () => {
    expect(demoNotice(status({ state: "failed", detail: "datasets/hanna is missing" }), at)).toEqual({
      tone: "warn",
      text: "The demo data could not be loaded: datasets/hanna is missing",
    });
    const stale = demoNotice(status({}), at + DEMO_STALE_MS + 1);
    expect(stale?.tone).toBe("warn");
    expect(stale?.text).toContain("stopped loading after step 1 of 5");
  });
});
