import { describe, expect, it } from "vitest";
import { jsonValueProblem, MAX_JSON_DEPTH, parseJsonSafely, printable } from "./safe-json";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("parseJsonSafely", () => {
  it("refuses a document nested 3,000 levels deep with a message, not a stack overflow", () => {
    expect(parseJsonSafely(nested(3000))).toEqual({
      error: expect.stringMatching(/^nested deeper than 64 levels \(at 0\.0\.0\.0\.0\.0\.…\)$/),
      parse: false,
    });
    expect(parseJsonSafely(`{"messages":[{"content":${nested(70)}}]}`)).toMatchObject({
      error: expect.stringContaining("(at messages.0.content.0.0.0.…)"),
    });
  });

  it("accepts exactly the maximum depth", () => {
    expect(parseJsonSafely(nested(MAX_JSON_DEPTH))).toEqual({ value: expect.any(Array) });
    expect(parseJsonSafely(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ parse: false });
  });

  it("refuses an escaped lone surrogate in a value or a field name, naming the field; a proper pair is fine", () => {
    expect(parseJsonSafely('{"messages":[{"content":"a\\ud800b"}]}')).toEqual({
      error: "messages.0.content: contains a lone surrogate (\\ud800): not valid Unicode",
      parse: false,
    });
    expect(parseJsonSafely('{"x":{"\\udc00":1}}')).toEqual({
      error: "x: a field name contains a lone surrogate: not valid Unicode",
      parse: false,
    });
    expect(parseJsonSafely('{"emoji":"\\ud83d\\ude00"}')).toEqual({ value: { emoji: "😀" } });
  });

  it("reports JSON.parse's own error for malformed text", () => {
    expect(parseJsonSafely("{nope")).toMatchObject({ parse: true, error: expect.stringContaining("JSON") });
  });

  it("says at which line and column malformed JSON breaks", () => {
    expect(parseJsonSafely('{\n  "a": 1,\n  "b": [1,]\n}')).toMatchObject({
      parse: true,
      error: expect.stringMatching(/\(at line 3, column 11\)$/),
    });
    expect(parseJsonSafely('{\n  "a": 1,')).toMatchObject({ parse: true, error: expect.stringMatching(/\(at line 2, column 10\)$/) });
  });
});

describe("printable", () => {
  it("escapes terminal control sequences (ESC, OSC, BEL) in untrusted names and shortens long ones", () => {
    expect(printable("a\u001b]0;pwned\u0007b\u001b[31m")).toBe("a\\u001b]0;pwned\\u0007b\\u001b[31m");
    expect(printable("x".repeat(100))).toHaveLength(60);
  });

  it("puts escaped field names into the path of a problem", () => {
    expect(jsonValueProblem({ "\u001b[2Jevil": "\ud800" })).toBe("\\u001b[2Jevil: contains a lone surrogate (\\ud800): not valid Unicode");
  });
});
