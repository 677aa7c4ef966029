import { describe, expect, it } from "vitest";
import { baselineStanding, comparedWith } from "./baseline-report";

const source = { agentLabel: "bot", commit: "abcdef123", branch: "main", ciJob: null, defaultBranch: "main", onDefaultBranch: true };

describe("baselineStanding", () => {
  it("says why a run cannot become a baseline: no label, no branch, another branch", () => {
    expect(baselineStanding({ ...source, agentLabel: null }, "suite.yaml")).toMatchObject({ canBe: false });
    expect(baselineStanding({ ...source, agentLabel: null }, "suite.yaml").message).toContain("Add `agent: <name>` to suite.yaml");
    expect(baselineStanding({ ...source, branch: null, onDefaultBranch: false }, "s").message).toContain("it has no branch");
    expect(baselineStanding({ ...source, branch: "fix", onDefaultBranch: false }, "s").message).toContain(
      'branch "fix" is not the default branch "main"',
    );
    expect(baselineStanding(source, "s")).toEqual({
      canBe: true,
      message: 'This run is a baseline for later runs of agent "bot" on this suite version (branch "main" at abcdef1).',
    });
  });
});

describe("comparedWith", () => {
  it("names the baseline run by id, branch, commit and time, or says why there is none", () => {
    const info = {
      mode: "auto" as const,
      previousRunId: "r1",
      windowRunIds: ["r1"],
      note: "baseline: run r1",
      previous: { runId: "r1", branch: "main", commit: "0123456789", finishedAt: "2026-12-06T05:10:11.000Z" },
    };
    expect(comparedWith(info)).toBe("Compared with baseline run r1 (branch main, commit 0123456, finished 2026-12-06 05:10 UTC).");
    expect(comparedWith({ ...info, previous: null, previousRunId: null, note: "no baseline: nothing yet" })).toBe(
      "No baseline: nothing yet",
    );
  });
});
