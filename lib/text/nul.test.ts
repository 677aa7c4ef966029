import { describe, expect, it } from "vitest";
import { nulPath, replaceNul } from "./nul";

describe("replaceNul", () => {
  it("replaces NUL in strings, nested values and keys with U+FFFD", () => {
    expect(replaceNul("a\u0000b")).toBe("a\uFFFDb");
    expect(replaceNul({ out: ["x", { "k\u0000": "v\u0000" }], n: 1 })).toEqual({ out: ["x", { "k\uFFFD": "v\uFFFD" }], n: 1 });
  });

  it("returns the very same value when there is no NUL (nothing copied)", () => {
    const value = { a: ["b", { c: "d" }], e: null };
    expect(replaceNul(value)).toBe(value);
  });

  it("never mutates its input", () => {
    const value = { a: "x\u0000" };
    replaceNul(value);
    expect(value.a).toBe("x\u0000");
  });
});

describe("nulPath", () => {
  it("names where the first NUL is", () => {
    expect(nulPath({ reason: "ok", notes: ["fine", "bad\u0000"] })).toBe("notes.1");
    expect(nulPath({ a: 1 })).toBeNull();
  });
});
