import { describe, expect, it } from "vitest";
import { arrayElementLines } from "./json-lines";

describe("arrayElementLines", () => {
  it("gives the line each top-level element starts on, whatever the strings contain", () => {
    const text = '[\n  {"a": "[{,\\"}"},\n  {\n    "b": [1, 2]\n  }, 3,\n\n  "x"\n]';
    expect(arrayElementLines(text)).toEqual([2, 3, 5, 7]);
    expect(arrayElementLines(JSON.stringify([{ a: 1 }, { b: 2 }]))).toEqual([1, 1]);
    expect(arrayElementLines("[]")).toEqual([]);
  });
});
