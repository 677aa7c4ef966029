import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash, sha256, sortedJson, sortedJsonHash } from "./hash";

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

describe("sortedJson", () => {
  it("writes the same text as RFC 8785 for plain JSON values", () => {
    const values: unknown[] = [
      { b: 1, a: [1, { d: 2, c: 3 }], é: "ü", Z: null, "10": true, "1": false },
      [0.1 + 0.2, 1e21, -0, 5e-7, 'line\nbreak \u2028 "quoted"'],
      { nested: { deeper: [{ y: [], x: {} }] }, emoji: "😀" },
      "plain",
      42,
    ];
    for (const value of values) expect(sortedJson(value)).toBe(canonicalJson(value));
  });

  it("never throws where RFC 8785 does: an agent's tool arguments may hold anything", () => {
    expect(sortedJson({ a: Number.NaN, s: "\ud800" })).toBe('{"a":null,"s":"\\ud800"}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
    expect(() => canonicalJson({ s: "\ud800" })).toThrow();
  });

  it("drops undefined fields and ignores key order", () => {
    expect(sortedJsonHash({ b: 1, a: undefined, c: [1] })).toBe(sortedJsonHash({ c: [1], b: 1 }));
    expect(sortedJsonHash({ a: 1 })).not.toBe(sortedJsonHash({ a: 2 }));
  });
});
