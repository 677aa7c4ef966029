import { describe, expect, it } from "vitest";
import { failureReason } from "./trial-job";

describe("failureReason: why pg-boss gave up on a trial's job", () => {
  it("says the worker stopped when the job expired while active", () => {
    expect(failureReason({ value: { message: "job failed by timeout in active state" } }, 3)).toBe(
      "no worker finished this trial in 3 attempts: the last worker to take it stopped (killed, crashed or lost) and its job expired",
    );
  });

  it("keeps the last attempt's own message", () => {
    expect(failureReason({ message: "could not load the agent module:x.ts#a: no module at x.ts" }, 1)).toBe(
      "no worker finished this trial in 1 attempt: could not load the agent module:x.ts#a: no module at x.ts",
    );
    expect(failureReason(null, 2)).toBe("no worker finished this trial in 2 attempts: no reason given");
  });
});
