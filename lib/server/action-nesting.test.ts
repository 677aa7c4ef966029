import { describe, expect, it } from "vitest";
import { ACTION_MAX_NESTING, actionBodyTexts, actionNestingRefusal, nestingDepth } from "./action-nesting";

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);

describe("nestingDepth", () => {
  it("measures arrays and objects, not brackets inside strings", () => {
    expect(nestingDepth('["$K1"]')).toBe(1);
    expect(nestingDepth('{"a":[{"b":"[[[[{{{"}]}')).toBe(3);
    expect(nestingDepth('["a \\" [[[[ still a string"]')).toBe(1);
    expect(nestingDepth("plain text, no brackets")).toBe(0);
  });

  it("stops counting just past the limit", () => {
    expect(nestingDepth(deep(20_000), 256)).toBe(257);
    expect(nestingDepth(deep(20_000))).toBe(20_000);
  });
});

describe("actionNestingRefusal", () => {
  it("refuses any part nested past the limit and lets our own actions' arguments through", () => {
    expect(actionNestingRefusal(['["$K1"]', deep(ACTION_MAX_NESTING)])).toBeNull();
    expect(actionNestingRefusal(["{}", deep(ACTION_MAX_NESTING + 1)])).toContain(`nested deeper than ${ACTION_MAX_NESTING} levels`);
  });
});

describe("actionBodyTexts", () => {
  it("reads a text body whole and a form body field by field, leaving files out", async () => {
    const text = new Request("http://127.0.0.1/x", {
      method: "POST",
      body: deep(3),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(await actionBodyTexts(text)).toEqual([deep(3)]);
    const form = new FormData();
    form.set("0", '["$K1"]');
    form.set("1_reason", "why");
    form.set("1_file", new File([deep(1_000)], "t.jsonl"));
    expect(await actionBodyTexts(new Request("http://127.0.0.1/x", { method: "POST", body: form }))).toEqual(['["$K1"]', "why"]);
  });
});
