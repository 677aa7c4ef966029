import { describe, expect, it } from "vitest";
import { isLocalUrl, parseRetryAfter } from "./types";

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates (RFC 9110 §10.2.3)", () => {
    expect(parseRetryAfter("7")).toBe(7000);
    expect(parseRetryAfter("0.5")).toBe(500);
    const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now)).toBe(0);
  });

  it("is null when absent or unreadable", () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("soon")).toBeNull();
  });
});

describe("isLocalUrl", () => {
  it("accepts only this machine", () => {
    expect(isLocalUrl("http://127.0.0.1:11434/v1")).toBe(true);
    expect(isLocalUrl("http://localhost:1234/v1")).toBe(true);
    expect(isLocalUrl("https://api.openai.com/v1")).toBe(false);
    expect(isLocalUrl("http://127.0.0.1.example.com/v1")).toBe(false);
    expect(isLocalUrl("not a url")).toBe(false);
  });
});
