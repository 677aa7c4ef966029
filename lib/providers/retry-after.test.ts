import { describe, expect, it } from "vitest";
import * as langfuse from "../connectors/langfuse/client";
import * as limiter from "../engine/agents/limiter";
import { parseRetryAfter, retryAfterMs } from "./retry-after";
import * as types from "./types";

const headers = (values: Record<string, string>) => new Headers(values);

describe("the one retry-after reader", () => {
  it("reads delta-seconds, an HTTP date, and nothing from an unreadable value", () => {
    expect(parseRetryAfter("7")).toBe(7000);
    expect(parseRetryAfter(" 0.25 ")).toBe(250);
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:00:10 GMT", 4000)).toBe(6000);
    expect(parseRetryAfter("Thu, 01 Jan 1970 00:00:01 GMT", 4000)).toBe(0);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("")).toBeNull();
  });

  it("lets retry-after-ms win over retry-after, and ignores an unreadable retry-after-ms", () => {
    expect(retryAfterMs(headers({ "retry-after-ms": "1500", "retry-after": "2" }))).toBe(1500);
    expect(retryAfterMs(headers({ "retry-after-ms": "12.6" }))).toBe(13);
    expect(retryAfterMs(headers({ "retry-after-ms": "-5", "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(headers({ "retry-after-ms": "soon" }))).toBeNull();
    expect(retryAfterMs({ get: () => null })).toBeNull();
  });

  it("is the reader judges, agents and the Langfuse connector use", () => {
    expect(types.parseRetryAfter).toBe(parseRetryAfter);
    expect(limiter.retryAfterMs).toBe(retryAfterMs);
    expect(langfuse.retryAfterMs("Thu, 01 Jan 1970 00:00:10 GMT", 4000)).toBe(6000);
  });
});
