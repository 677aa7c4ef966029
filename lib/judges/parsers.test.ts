import { describe, expect, it } from "vitest";
import { parseVerdict } from "./parsers";

describe("pass_fail parser", () => {
  it.each([
    ["PASS: cites the refund policy", "pass", "cites the refund policy"],
    ["FAIL - never answers the question", "fail", "never answers the question"],
    ["**Verdict:** PASS — correct total", "pass", "correct total"],
    ["**Verdict**: FAIL: wrong unit", "fail", "wrong unit"],
    ["fail\nThe arithmetic is wrong.", "fail", "The arithmetic is wrong."],
    ["Let me think.\nThe steps are fine.\nVerdict: PASS", "pass", ""],
    ['{"verdict": "FAIL", "reason": "leaks a key"}', "fail", "leaks a key"],
    ['```json\n{"verdict":"pass","reason":"ok"}\n```', "pass", "ok"],
  ])("reads %j", (text, value, reason) => {
    expect(parseVerdict("pass_fail", text)).toEqual({ ok: true, value, score: value === "pass" ? 1 : 0, reason });
  });

  it.each([
    ["", "empty"],
    ["The output is mostly fine.", "Expected PASS or FAIL"],
    ["PASS\nreasoning...\nFAIL", "Ambiguous"],
    ["Passing grade", "Expected PASS or FAIL"],
    ['{"verdict": "MAYBE"}', "must be PASS or FAIL"],
    ['{"verdict": "PASS"', "does not parse"],
  ])("refuses %j as an error, never a verdict", (text, message) => {
    const result = parseVerdict("pass_fail", text);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.error).toContain(message);
  });

  it("keeps only one line of reason, at most 500 characters", () => {
    const result = parseVerdict("pass_fail", `PASS: ${"x".repeat(600)}`);
    expect(result.ok && result.reason.length).toBe(500);
  });
});

describe("score_1_5 parser", () => {
  it.each([
    ["4: clear and correct", "4"],
    ["Score: 2/5 - misses half the steps", "2"],
    ["Rating = 5", "5"],
    ['{"score": 3, "reason": "partial"}', "3"],
    ['{"score": "1"}', "1"],
  ])("reads %j", (text, value) => {
    const result = parseVerdict("score_1_5", text);
    expect(result).toMatchObject({ ok: true, value, score: Number(value) });
  });

  it.each(["0: nothing", "6 - great", "4.5: nearly perfect", "Score: high", '{"score": 3.5}', '{"score": 7}'])("refuses %j", (text) => {
    expect(parseVerdict("score_1_5", text).ok).toBe(false);
  });
});

describe("pairwise parser", () => {
  it.each([
    ["A: follows the instruction", "A"],
    ["Winner: B", "B"],
    ["Output (b). It is shorter and right.", "B"],
    ['{"winner": "a", "reason": "more precise"}', "A"],
  ])("reads %j", (text, value) => {
    expect(parseVerdict("pairwise", text)).toMatchObject({ ok: true, value });
  });

  it.each(["A good answer would be longer.", "Both are equally good", "Tie", '{"winner": "tie"}', "C: neither"])("refuses %j", (text) => {
    expect(parseVerdict("pairwise", text).ok).toBe(false);
  });
});
