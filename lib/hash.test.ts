import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash, sha256 } from "./hash";

describe("contentHash", () => {
  it("ignores key order", () => {
    expect(contentHash({ b: 1, a: { d: [1, 2], c: "x" } })).toBe(contentHash({ a: { c: "x", d: [1, 2] }, b: 1 }));
  });

  it("changes with any value", () => {
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
    expect(contentHash([1, 2])).not.toBe(contentHash([2, 1]));
  });

  it("is the sha256 of RFC 8785 canonical JSON", () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
