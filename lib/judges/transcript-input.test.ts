import { describe, expect, it } from "vitest";
import { DEFAULT_TEMPLATES } from "./default-templates";
import { buildRequest } from "./request";
import { templateProblems } from "./template";
import { JUDGE_INPUT_LIMITS, toJudgeInput, trialContent, trialJudgeInput } from "./transcript-input";

const version = (parser: "pass_fail" | "score_1_5") => ({
  id: "v",
  hash: "h",
  provider: "openai",
  model: "m",
  baseUrl: null,
  promptTemplate: DEFAULT_TEMPLATES[parser],
  params: {},
  parser,
});

const trial = {
  prompt: "Refund order 42 if it arrived broken.",
  rubric: "Refund once, to the original payment method.",
  output: "Refunded $30 to the card.",
  trajectory: [
    { tool: "lookup_order", args: { id: 42 }, result: { status: "delivered", damaged: true } },
    { tool: "refund", args: { id: 42, amount: 30 }, result: { ok: true } },
    { tool: "refund", args: { id: 42, amount: 30 }, error: "not in allowed_tools", blocked: true },
  ],
  finalState: { refunds: [{ order: 42, amount: 30 }] },
};

describe("the default agent-task templates see the whole trajectory", () => {
  it.each(["pass_fail", "score_1_5"] as const)(
    "%s: the prompt, every tool call with arguments and result, the output and the final state",
    (parser) => {
      expect(templateProblems(DEFAULT_TEMPLATES[parser], parser)).toEqual([]);
      const prompt = buildRequest(version(parser), trialJudgeInput(trial)).messages[0]!.content;
      expect(prompt).toContain("Refund order 42 if it arrived broken.");
      expect(prompt).toContain("Refund once, to the original payment method.");
      expect(prompt).toContain('1. lookup_order({"id":42})\n   -> {"status":"delivered","damaged":true}');
      expect(prompt).toContain('2. refund({"id":42,"amount":30})\n   -> {"ok":true}');
      expect(prompt).toContain('3. refund({"id":42,"amount":30})\n   -> error: blocked by the runner: not in allowed_tools');
      expect(prompt).toContain("Refunded $30 to the card.");
      expect(prompt).toContain('{"refunds":[{"order":42,"amount":30}]}');
    },
  );

  it("says so when there were no tool calls and no final state, rather than leaving a blank", () => {
    const prompt = buildRequest(version("pass_fail"), trialJudgeInput({ ...trial, trajectory: [], finalState: null })).messages[0]!.content;
    expect(prompt).toContain("(no tool calls)");
    expect(prompt).toContain("The final state after the agent finished:\n(none)");
  });

  it("a run's trial and the same trial labeled as a transcript give the judge the same text", () => {
    const fromRun = trialJudgeInput(trial);
    const fromLabelSet = toJudgeInput(
      { taskPrompt: trial.prompt, rubric: null, criterion: null, finalOutput: trial.output, content: trialContent(trial) },
      trial.rubric,
    );
    expect(fromLabelSet).toEqual(fromRun);
  });

  it("cuts a long trajectory from the middle with a visible marker, keeping the first and last calls", () => {
    const long = Array.from({ length: 2000 }, (_, i) => ({ tool: "search", args: { page: i }, result: { hits: "x".repeat(40) } }));
    const input = trialJudgeInput({ ...trial, trajectory: long });
    expect(input.toolCalls!.length).toBeLessThanOrEqual(JUDGE_INPUT_LIMITS.toolCalls);
    expect(input.toolCalls).toMatch(/\[… [\d,]+ characters cut from the middle by Gavel …\]/);
    expect(input.toolCalls!.startsWith('1. search({"page":0})')).toBe(true);
    expect(input.toolCalls).toContain('2000. search({"page":1999})');
    expect(input.transcript).toMatch(/characters cut from the middle by Gavel/);
  });
});
