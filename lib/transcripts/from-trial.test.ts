import { describe, expect, it } from "vitest";
import { trialToTranscript } from "./from-trial";

describe("trialToTranscript", () => {
  it("keeps the prompt, every tool call, the output, the final state and what was expected", () => {
    const transcript = trialToTranscript({
      id: "t1",
      taskKey: "refund-full-bank",
      prompt: "Refund order A1002 in full.",
      definition: { id: "refund-full-bank", grader: "state", must_include: ["refunded"], must_exclude: "twice" },
      output: "Refunded A1002.",
      trajectory: [
        { index: 0, tool: "get_order", args: { order_id: "A1002" }, result: { total: 10 }, latencyMs: 1 },
        { index: 1, tool: "issue_refund", args: { order_id: "A1002" }, error: "already refunded", latencyMs: 1 },
        { index: 2, tool: "delete_db", args: {}, error: "delete_db is outside allowed_tools", blocked: true, latencyMs: 0 },
      ],
      finalState: { refunds: 1 },
      error: null,
    });
    expect(transcript).toMatchObject({
      source: "run",
      externalId: "refund-full-bank",
      trialId: "t1",
      kind: "binary",
      taskPrompt: "Refund order A1002 in full.",
      finalOutput: "Refunded A1002.",
    });
    expect(transcript.content).toEqual({
      messages: [
        { role: "user", content: "Refund order A1002 in full." },
        {
          role: "assistant",
          toolCalls: [
            { name: "get_order", arguments: { order_id: "A1002" }, result: { total: 10 } },
            { name: "issue_refund", arguments: { order_id: "A1002" }, error: "already refunded" },
            { name: "delete_db", arguments: {}, error: "blocked by the runner: delete_db is outside allowed_tools" },
          ],
        },
        { role: "assistant", content: "Refunded A1002." },
      ],
      finalState: { refunds: 1 },
      expected: "Must include: refunded\nMust not include: twice",
    });
  });

  it("takes the judge rubric, and says why the runner ended a trial with no output", () => {
    const transcript = trialToTranscript({
      id: "t2",
      taskKey: "summary",
      prompt: "Summarize.",
      definition: { graders: [{ kind: "judge", rubric: "One sentence." }] },
      output: null,
      trajectory: null,
      finalState: null,
      error: "timeout after 60 s",
    });
    expect(transcript.rubric).toBe("One sentence.");
    expect(transcript.finalOutput).toBeUndefined();
    expect(transcript.content.messages).toEqual([
      { role: "user", content: "Summarize." },
      { role: "system", content: "The runner ended this trial: timeout after 60 s" },
    ]);
  });
});
