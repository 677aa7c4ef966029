import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRecheckScheduler } from "./recheck-soon";

describe("createRecheckScheduler", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once per label set after a quiet period, however many changes came in the burst", async () => {
    const run = vi.fn(async (_queueId: string) => undefined);
    const scheduler = createRecheckScheduler(run, 1_000);
    scheduler.schedule("a");
    await vi.advanceTimersByTimeAsync(600);
    scheduler.schedule("a");
    scheduler.schedule("b");
    await vi.advanceTimersByTimeAsync(600);
    expect(run).not.toHaveBeenCalled();
    expect(scheduler.pending().sort()).toEqual(["a", "b"]);
    await vi.advanceTimersByTimeAsync(500);
    expect(run.mock.calls.map((c) => c[0]).sort()).toEqual(["a", "b"]);
    expect(scheduler.pending()).toEqual([]);
  });

  it("never runs two re-checks of one set at once, and reports a failure instead of throwing", async () => {
    let active = 0;
    let most = 0;
    const errors: unknown[] = [];
    const run = vi.fn(async () => {
      active++;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      active--;
      if (run.mock.calls.length === 1) throw new Error("provider down");
    });
    const scheduler = createRecheckScheduler(run, 100, (e) => errors.push(e));
    scheduler.schedule("a");
    await vi.advanceTimersByTimeAsync(200);
    scheduler.schedule("a");
    await vi.advanceTimersByTimeAsync(12_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    expect(errors).toEqual([new Error("provider down")]);
  });
});
