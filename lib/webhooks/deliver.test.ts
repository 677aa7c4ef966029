import { describe, expect, it } from "vitest";
import { backoffMs, MAX_ATTEMPTS } from "./deliver";

describe("webhook retries", () => {
  it("back off exponentially from GAVEL_WEBHOOK_BACKOFF_MS (default 30 s), five attempts in all", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, {}))).toEqual([30_000, 120_000, 480_000, 1_920_000]);
    expect(backoffMs(2, { GAVEL_WEBHOOK_BACKOFF_MS: "300" })).toBe(1200);
    expect(() => backoffMs(1, { GAVEL_WEBHOOK_BACKOFF_MS: "soon" })).toThrow(/GAVEL_WEBHOOK_BACKOFF_MS must be a number/);
    expect(MAX_ATTEMPTS).toBe(5);
  });
});
