import { describe, expect, it } from "vitest";
import {
  MAX_SHOWN_ITEMS,
  PROPOSAL_MAX_TOKENS,
  budgetRefusal,
  estimateImprove,
  pickBest,
  proposalRequest,
  readCandidate,
  type CandidateResult,
  type MisalignedItem,
} from "./improve";

const item = (i: number): MisalignedItem => ({
  transcriptId: `t${i}`,
  input: `Task: refund\nOutput: refund to a gift card ${i}`,
  gold: "fail",
  judge: "pass",
  judgeReason: "refunded",
  humanReasons: ["fail: gift cards are not refunds"],
  alignment: "false_pass",
});
const base = { model: "m", template: "Grade {{output}}", rubric: "Refunds go to the card.", k: 2, n: 3, seed: 40, temperature: 0.7 };

describe("proposalRequest", () => {
  it("names the candidate, carries the rubric, the template and the misaligned items, seeded by seed + k", () => {
    const r = proposalRequest({ ...base, items: [item(1)] });
    expect(r.seed).toBe(42);
    expect(r.maxTokens).toBe(PROPOSAL_MAX_TOKENS);
    const text = r.messages[0]!.content;
    expect(text).toContain("Candidate 2 of 3");
    expect(text).toContain("Refunds go to the card.");
    expect(text).toContain("<prompt>\nGrade {{output}}\n</prompt>");
    expect(text).toContain(
      "Item 1 (false pass)\nTask: refund\nOutput: refund to a gift card 1\nHumans: fail (fail: gift cards are not refunds)\nJudge: pass (refunded)",
    );
  });
  it("is the same request for the same inputs, and another one for another candidate", () => {
    expect(proposalRequest({ ...base, items: [item(1)] })).toEqual(proposalRequest({ ...base, items: [item(1)] }));
    expect(proposalRequest({ ...base, k: 1, items: [item(1)] }).messages).not.toEqual(
      proposalRequest({ ...base, items: [item(1)] }).messages,
    );
  });
  it(`shows at most ${MAX_SHOWN_ITEMS} items and says how many there were`, () => {
    const text = proposalRequest({ ...base, items: Array.from({ length: 25 }, (_, i) => item(i)) }).messages[0]!.content;
    expect(text).toContain(`(${MAX_SHOWN_ITEMS} of 25)`);
    expect(text).not.toContain("Item 21");
  });
});

describe("readCandidate", () => {
  it("reads the template between the tags", () =>
    expect(readCandidate("Sure.\n<prompt>\nBe strict.\n{{output}}\n</prompt>\nDone", "pass_fail")).toEqual({
      ok: true,
      template: "Be strict.\n{{output}}",
    }));
  it("refuses an answer without the block, or a template that shows the judge nothing", () => {
    expect(readCandidate("Be strict.", "pass_fail")).toEqual({ ok: false, problem: "the answer has no <prompt>…</prompt> block" });
    expect(readCandidate("<prompt>Be strict.</prompt>", "pass_fail")).toMatchObject({
      ok: false,
      problem: expect.stringContaining("never shows"),
    });
    expect(readCandidate("<prompt>{{output}} {{secret}}</prompt>", "pass_fail")).toMatchObject({
      ok: false,
      problem: expect.stringContaining("{{secret}}"),
    });
  });
});

describe("estimateImprove and budgetRefusal", () => {
  const perCall = (i: number, o: number) => i * 1e-6 + o * 2e-6;
  it("counts n proposals and n × dev items judge calls, output at its maximum", () => {
    const e = estimateImprove({
      candidates: 3,
      proposalPromptChars: 400,
      evaluationPromptChars: [40, 80],
      judgeMaxTokens: 100,
      priceProposal: perCall,
      priceJudge: perCall,
    });
    expect(e).toMatchObject({ proposalCalls: 3, evaluationCalls: 6, calls: 9 });
    const proposal = 100e-6 + PROPOSAL_MAX_TOKENS * 2e-6;
    const judge = (10 + PROPOSAL_MAX_TOKENS) * 1e-6 + 200e-6 + (20 + PROPOSAL_MAX_TOKENS) * 1e-6 + 200e-6;
    expect(e.costUsd).toBeCloseTo(3 * (proposal + judge), 12);
    expect(budgetRefusal(e, e.costUsd!)).toBeNull();
    expect(budgetRefusal(e, e.costUsd! - 1e-6)).toMatch(
      /^The estimate is \$0\.\d{4} for 9 calls \(3 proposals, 6 judge calls on dev\), above the budget/,
    );
  });
  it("an unknown price is an unknown cost, and no budget covers it", () => {
    const e = estimateImprove({
      candidates: 1,
      proposalPromptChars: 1,
      evaluationPromptChars: [1],
      judgeMaxTokens: 1,
      priceProposal: () => 0,
      priceJudge: () => null,
    });
    expect(e.costUsd).toBeNull();
    expect(budgetRefusal(e, 1000)).toMatch(/cannot be estimated/);
  });
  it("a free model fits a zero budget", () =>
    expect(
      budgetRefusal(
        estimateImprove({
          candidates: 2,
          proposalPromptChars: 9,
          evaluationPromptChars: [9],
          judgeMaxTokens: 9,
          priceProposal: () => 0,
          priceJudge: () => 0,
        }),
        0,
      ),
    ).toBeNull());
});

describe("pickBest", () => {
  const r = (k: number, kappa: number | null, broken = 0, fixed = 0, template: string | null = "t"): CandidateResult => ({
    k,
    template,
    problem: null,
    kappa,
    fixed,
    broken,
    hash: `h${k}`,
  });
  it("takes the highest κ, then fewest broken, then most fixed, then the earliest", () => {
    expect(pickBest([r(1, 0.5), r(2, 0.7), r(3, 0.6)], 0.2)?.k).toBe(2);
    expect(pickBest([r(1, 0.7, 2), r(2, 0.7, 1)], 0.2)?.k).toBe(2);
    expect(pickBest([r(1, 0.7, 0, 1), r(2, 0.7, 0, 3)], 0.2)?.k).toBe(2);
    expect(pickBest([r(1, 0.7), r(2, 0.7)], 0.2)?.k).toBe(1);
  });
  it("keeps nothing that does not beat the version, nor an unusable or undefined candidate", () => {
    expect(pickBest([r(1, 0.2), r(2, 0.1)], 0.2)).toBeNull();
    expect(pickBest([r(1, null), r(2, 0.9, 0, 0, null)], 0.2)).toBeNull();
    expect(pickBest([r(1, 0.1)], null)?.k).toBe(1);
  });
});
