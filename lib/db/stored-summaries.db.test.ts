import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { db } from "./client";
import { storedSummary } from "./stored-summaries";

withTestDatabase();

/** A summary over a fingerprint the test moves, counting its computations; each call stands for one server process. */
function inProcess(name: string, state: { print: string; computed: number; value: unknown }, version = 1) {
  return storedSummary(name, {
    version,
    fingerprint: async () => state.print,
    compute: async () => {
      state.computed++;
      return state.value;
    },
  });
}

describe("storedSummary", () => {
  it("is computed once per fingerprint: a later process reads the stored row, a moved fingerprint computes again", async () => {
    const state = { print: "a", computed: 0, value: { rows: [{ id: "x", kappa: 0.5, ci: [0.1, 0.9] }] } as unknown };
    const first = inProcess("test-once", state);
    const value = await first.get();
    expect(state.computed).toBe(1);
    expect(await first.get()).toBe(value);

    // Another process (a restart): nothing in memory, the stored row is current.
    expect(await inProcess("test-once", state).get()).toEqual(value);
    expect(state.computed).toBe(1);

    state.print = "b";
    state.value = { rows: [] };
    expect(await inProcess("test-once", state).get()).toEqual({ rows: [] });
    expect(state.computed).toBe(2);
    // The first process sees the move too (never an answer older than the data), and reads what the other one stored.
    expect(await first.get()).toEqual({ rows: [] });
    expect(state.computed).toBe(2);
  });

  it("computes again when its version changes, and keeps a summary of nothing (null) as stored", async () => {
    const state = { print: "a", computed: 0, value: null as unknown };
    expect(await inProcess("test-version", state).get()).toBeNull();
    expect(await inProcess("test-version", state).get()).toBeNull();
    expect(state.computed).toBe(1);
    state.value = { n: 1 };
    expect(await inProcess("test-version", state, 2).get()).toEqual({ n: 1 });
    expect(state.computed).toBe(2);
  });

  it("gives back exactly what it stored, to the last bit of every number", async () => {
    const value = { rho: -0.19722595078299773, tiny: 5e-324, third: 1 / 3, big: 2 ** 53 - 1, none: null, text: "ρ ✓" };
    const state = { print: "a", computed: 0, value: value as unknown };
    await inProcess("test-exact", state).refresh();
    expect(await inProcess("test-exact", state).get()).toStrictEqual(value);
    expect(state.computed).toBe(1);
  });

  it("refresh stores the summary when it is not current and does nothing when it is", async () => {
    const state = { print: "a", computed: 0, value: { n: 3 } as unknown };
    await inProcess("test-refresh", state).refresh();
    await inProcess("test-refresh", state).refresh();
    expect(state.computed).toBe(1);
    const row = await db().setting.findUniqueOrThrow({ where: { key: "summary:test-refresh" } });
    expect(row.value).toEqual({ fingerprint: "v1:a", json: '{"n":3}' });
    expect(await inProcess("test-refresh", state).get()).toEqual({ n: 3 });
    expect(state.computed).toBe(1);
  });

  it("does not keep a failed computation: the next request tries again", async () => {
    let fail = true;
    const summary = storedSummary("test-failure", {
      version: 1,
      fingerprint: async () => "a",
      compute: async () => {
        if (fail) throw new Error("database went away");
        return { ok: true };
      },
    });
    await expect(summary.get()).rejects.toThrow("database went away");
    fail = false;
    expect(await summary.get()).toEqual({ ok: true });
  });
});
