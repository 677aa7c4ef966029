import { describe, expect, it } from "vitest";
import { DEFAULT_TEST_REUSE_LIMIT, testReuseLimit, testReuseWarning } from "./test-reuse";

describe("test-split reuse", () => {
  it("warns at the limit, not below it", () => {
    const reuse = (versions: number) => ({ queueId: "q", labelSet: "refunds", versions });
    expect(testReuseWarning(reuse(4), "refund-judge", 5)).toBeNull();
    expect(testReuseWarning(reuse(5), "refund-judge", 5)).toMatch(
      /^The test split of "refunds" has calibrated 5 versions of refund-judge \(limit 5\).*fresh test sample/,
    );
  });

  it("reads the limit from the environment, 5 by default, and refuses a malformed one", () => {
    expect(testReuseLimit({})).toBe(DEFAULT_TEST_REUSE_LIMIT);
    expect(testReuseLimit({ GAVEL_TEST_REUSE_LIMIT: "3" })).toBe(3);
    expect(() => testReuseLimit({ GAVEL_TEST_REUSE_LIMIT: "0" })).toThrow(
      /GAVEL_TEST_REUSE_LIMIT must be a whole number of at least 1 \(got "0"\)/,
    );
  });
});
