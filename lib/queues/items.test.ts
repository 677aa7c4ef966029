import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { orderKey, seededSample, splitFor } from "./items";

describe("queue item order and split", () => {
  it("orders by sha256(queueId + transcriptId)", () => {
    expect(orderKey("q1", "t1")).toBe(createHash("sha256").update("q1t1").digest("hex"));
  });

  it("splits each item on its own, deterministically, near the test fraction", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `t${i}`);
    const splits = ids.map((id) => splitFor("queue", id, 0.5));
    expect(ids.map((id) => splitFor("queue", id, 0.5))).toEqual(splits);
    const test = splits.filter((s) => s === "test").length;
    expect(test).toBeGreaterThan(900);
    expect(test).toBeLessThan(1100);
    expect(ids.every((id) => splitFor("queue", id, 0) === "dev")).toBe(true);
    expect(ids.every((id) => splitFor("queue", id, 1) === "test")).toBe(true);
    // A larger fraction only moves items from dev to test.
    expect(ids.filter((id) => splitFor("queue", id, 0.3) === "test").every((id) => splitFor("queue", id, 0.6) === "test")).toBe(true);
  });
});

describe("seededSample", () => {
  const ids = Array.from({ length: 50 }, (_, i) => `trial-${i}`);

  it("takes round(fraction × n) ids, the same for the same seed, in input order", () => {
    const a = seededSample(ids, 0.1, 7);
    expect(a).toHaveLength(5);
    expect(seededSample(ids, 0.1, 7)).toEqual(a);
    expect(a).toEqual(ids.filter((id) => a.includes(id)));
    expect(seededSample(ids, 0.1, 8)).not.toEqual(a);
  });

  it("takes none at 0, all at 1, and at least one of a few", () => {
    expect(seededSample(ids, 0, 1)).toEqual([]);
    expect(seededSample(ids, 1, 1)).toEqual(ids);
    expect(seededSample(["a", "b", "c"], 0.1, 1)).toHaveLength(1);
    expect(seededSample([], 0.5, 1)).toEqual([]);
  });
});
