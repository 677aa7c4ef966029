import { describe, expect, it } from "vitest";
import { checkDimensionValues, dimensionText, parseDimensionText, queueDimensions, type ExtraDimension } from "./dimensions";
import { createQueueInput } from "./queues";

const reason: ExtraDimension = { name: "reason", type: "categorical", values: ["hallucination", "wrong tool", "incomplete"], multi: false };
const tags: ExtraDimension = { name: "tags", type: "categorical", values: ["slow", "rude", "verbose"], multi: true };
const tone: ExtraDimension = { name: "tone", type: "numeric", min: 1, max: 5 };
const policy: ExtraDimension = { name: "policy followed", type: "binary" };

describe("parseDimensionText", () => {
  it("reads each type from one line, skipping blanks and comments", () => {
    const text =
      "reason: one of hallucination, wrong tool, incomplete\n\n# comment\ntags: any of slow, rude, verbose\ntone: 1-5\npolicy followed: pass/fail";
    expect(parseDimensionText(text)).toEqual({ ok: true, dimensions: [reason, tags, tone, policy] });
  });

  it("round-trips through dimensionText", () => {
    const text = [reason, tags, tone, policy].map(dimensionText).join("\n");
    expect(parseDimensionText(text)).toEqual({ ok: true, dimensions: [reason, tags, tone, policy] });
  });

  it("names the line and the dimension of each mistake", () => {
    const result = parseDimensionText("reason: one of only\ntone: lots\nno colon here\n9lives: pass/fail");
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors[0]).toMatch(/^Line 1 \(reason\): .*at least 2 values/);
    expect(errors[1]).toMatch(/^Line 2 \(tone\): "lots" is not a type/);
    expect(errors[2]).toMatch(/^Line 3: write/);
    expect(errors[3]).toMatch(/^Line 4 \(9lives\): A dimension name starts with a letter/);
  });
});

describe("createQueueInput dimensions", () => {
  const base = { name: "queue", rubric: "r", source: "source", transcriptSource: "jsonl" };

  it("keeps a queue with no extra dimension at one primary, named verdict", () => {
    const parsed = createQueueInput.parse(base);
    expect(parsed.dimensions).toEqual([]);
    expect(parsed.primaryDimension).toBe("verdict");
  });

  it("parses the form's text", () => {
    const parsed = createQueueInput.parse({ ...base, primaryDimension: "outcome", dimensions: "reason: one of a, b" });
    expect(parsed.dimensions).toEqual([{ name: "reason", type: "categorical", values: ["a", "b"], multi: false }]);
  });

  it("puts every problem on the dimensions field", () => {
    const result = createQueueInput.safeParse({ ...base, dimensions: "verdict: pass/fail\ntone: 5-1\nTone: 1-3" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.filter((i) => i.path[0] === "dimensions").map((i) => i.message);
    expect(issues).toEqual([
      '"verdict": two dimensions share this name.',
      '"tone": the range\'s top must be above its bottom.',
      '"Tone": two dimensions share this name.',
    ]);
  });

  it("names the line of a text that does not parse", () => {
    const result = createQueueInput.safeParse({ ...base, dimensions: "reason one of a, b" });
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([["dimensions", expect.stringMatching(/^Line 1: /)]]);
  });
});

describe("queueDimensions", () => {
  it("puts the kind's primary first", () => {
    expect(queueDimensions({ kind: "binary", primaryDimension: "verdict", dimensions: null })).toEqual([
      { name: "verdict", type: "binary", primary: true },
    ]);
    expect(
      queueDimensions({ kind: "graded", primaryDimension: "score", dimensions: JSON.stringify([reason]), scaleMin: 0, scaleMax: 3 }),
    ).toEqual([
      { name: "score", type: "numeric", min: 0, max: 3, primary: true },
      { ...reason, primary: false },
    ]);
  });
});

describe("checkDimensionValues", () => {
  const dims = [reason, tags, tone, policy];

  it("canonicalises: multi-select in config order, numbers as numbers, blanks dropped", () => {
    expect(checkDimensionValues(dims, { reason: "incomplete", tags: ["verbose", "slow"], tone: "4", "policy followed": "" })).toEqual({
      ok: true,
      values: { reason: "incomplete", tags: ["slow", "verbose"], tone: 4 },
    });
  });

  it("every dimension is optional", () => {
    expect(checkDimensionValues(dims, undefined)).toEqual({ ok: true, values: {} });
  });

  it.each([
    [{ reason: "other" }, "reason", /"other" is not one of/],
    [{ reason: ["incomplete", "wrong tool"] }, "reason", /choose one value/],
    [{ tone: 9 }, "tone", /whole number from 1 to 5/],
    [{ "policy followed": "yes" }, "policy followed", /pass or fail/],
    [{ mood: "x" }, "mood", /no dimension "mood"/],
  ])("refuses %j, naming %s", (values, dimension, message) => {
    const result = checkDimensionValues(dims, values);
    expect(result).toMatchObject({ ok: false, dimension });
    expect(result.ok ? "" : result.error).toMatch(message);
  });
});
