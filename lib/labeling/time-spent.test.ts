import { describe, expect, it } from "vitest";
import { formatDuration, formatMean, meanPerLabel } from "./time-spent";

describe("time spent", () => {
  it("reads as seconds, minutes and hours", () => {
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(42_400)).toBe("42 s");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
    expect(formatDuration(120_000)).toBe("2 min");
    expect(formatDuration(7_800_000)).toBe("2 h 10 min");
  });

  it("the mean per label is undefined without timed labels, never 0", () => {
    expect(meanPerLabel(0, 0)).toBeNull();
    expect(formatMean(0, 0)).toBe("—");
    expect(meanPerLabel(30_000, 3)).toBe(10_000);
    expect(formatMean(30_000, 3)).toBe("10 s");
  });
});
