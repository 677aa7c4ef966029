import { describe, expect, it } from "vitest";
import { progressFigures, roughDuration } from "./run-progress";

const at = (s: number) => new Date(Date.UTC(2026, 11, 1) + s * 1000);

describe("progressFigures", () => {
  it("rates the trials stored after the first over the span between the first and the last, and extrapolates the rest", () => {
    // 11 stored between t=0 and t=5 s: 10 trials in 5 s is 2/s; 89 left is 44.5 s.
    expect(progressFigures({ done: 11, total: 100, firstFinishedAt: at(0), lastFinishedAt: at(5) })).toEqual({
      perSecond: 2,
      etaSeconds: 44.5,
    });
  });

  it("knows no rate before two trials or over no time, and no ETA without one", () => {
    expect(progressFigures({ done: 0, total: 10, firstFinishedAt: null, lastFinishedAt: null })).toEqual({
      perSecond: null,
      etaSeconds: null,
    });
    expect(progressFigures({ done: 1, total: 10, firstFinishedAt: at(1), lastFinishedAt: at(1) })).toEqual({
      perSecond: null,
      etaSeconds: null,
    });
    expect(progressFigures({ done: 3, total: 10, firstFinishedAt: at(1), lastFinishedAt: at(1) })).toEqual({
      perSecond: null,
      etaSeconds: null,
    });
  });

  it("has nothing left to wait for once every trial is stored", () => {
    expect(progressFigures({ done: 4, total: 4, firstFinishedAt: at(0), lastFinishedAt: at(3) })).toEqual({ perSecond: 1, etaSeconds: 0 });
    expect(progressFigures({ done: 1, total: 1, firstFinishedAt: at(0), lastFinishedAt: at(0) }).etaSeconds).toBe(0);
  });
});

describe("roughDuration", () => {
  it("picks seconds, minutes or hours", () => {
    expect(roughDuration(44.5)).toBe("45 s");
    expect(roughDuration(720)).toBe("12 min");
    expect(roughDuration(2 * 3600 + 5 * 60)).toBe("2 h 05 min");
  });
});
