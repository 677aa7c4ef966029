import { describe, expect, it } from "vitest";
import { stallReason, type RunJobs } from "./run-stall";

const base: RunJobs = { waiting: 12, active: 0, sinceLastClaimSeconds: null, oldestWaitingSeconds: 120, otherRunsActive: 0 };

describe("stallReason", () => {
  it("names a run no worker ever took, and what to do", () => {
    expect(stallReason(base)).toBe(
      "12 jobs waiting 2 min, no worker has claimed any: start `gavel worker` on a machine that reaches this database",
    );
  });

  it("names workers that took jobs and stopped", () => {
    expect(stallReason({ ...base, oldestWaitingSeconds: 600, sinceLastClaimSeconds: 300 })).toBe(
      "12 jobs waiting 10 min, no worker has claimed one for 5 min: the workers have stopped; start `gavel worker` again",
    );
  });

  it("names other runs' jobs the workers are busy with", () => {
    expect(stallReason({ ...base, waiting: 1, otherRunsActive: 4 })).toContain("1 job waiting 2 min, behind 4 jobs of other runs");
  });

  it("says nothing while a worker holds a job, nothing waits, or the wait is short", () => {
    expect(stallReason({ ...base, active: 1 })).toBeNull();
    expect(stallReason({ ...base, waiting: 0 })).toBeNull();
    expect(stallReason({ ...base, oldestWaitingSeconds: 30 })).toBeNull();
    expect(stallReason({ ...base, sinceLastClaimSeconds: 10 })).toBeNull();
    expect(stallReason({ ...base, oldestWaitingSeconds: 5 }, 5)).not.toBeNull();
  });
});
