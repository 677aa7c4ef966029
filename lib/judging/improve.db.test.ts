import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { getJudgeVersion } from "../db/judges";
import { lastUserText, startMockLlmServer, type MockLlmServer, type MockRequest } from "../providers/mock-server";
import { seedJudgeVersion, seedLabelSet } from "../testing/seed-judges";
import { withTestDatabase } from "../testing/test-database";
import { improveJudge } from "./improve";
import { loadStatusAndGates } from "./approvals";
import { runJudgeOnLabelSet } from "./label-set-run";

withTestDatabase();

/**
 * One mock model on 127.0.0.1 plays both parts. Asked for a revised prompt it answers by the candidate number:
 * candidate 1 a reworded lenient prompt, candidate 2 the rule humans apply (refunds go to the original payment
 * method), candidate 3 no prompt at all. As a judge it passes every "refund…" output, failing gift cards only when
 * its prompt names the rule.
 */
const lenient = "Task: {{task_prompt}}\nOutput: {{output}}\nVerdict?";
const reworded = "Grade the reply.\nTask: {{task_prompt}}\nOutput: {{output}}\nVerdict?";
const strict = "Refunds must go to the original payment method.\nTask: {{task_prompt}}\nOutput: {{output}}\nVerdict?";
const isProposal = (r: MockRequest) => JSON.stringify(r.body).includes("You improve the prompt of an LLM judge");

let server: MockLlmServer;
const dir = mkdtempSync(path.join(tmpdir(), "gavel-improve-"));
beforeAll(async () => {
  process.env.GAVEL_CASSETTE_DIR = path.join(dir, "none");
  server = await startMockLlmServer({
    flavor: "openai",
    reply: (request) => {
      const text = lastUserText(request.body);
      if (isProposal(request)) {
        const k = /Candidate (\d+) of/.exec(text)?.[1];
        const answer =
          k === "1" ? `<prompt>${reworded}</prompt>` : k === "2" ? `Here:\n<prompt>\n${strict}\n</prompt>` : "I would not change it.";
        // "m-big" reports far more tokens than any estimate: the budget test's spending.
        return { text: answer, tokensIn: request.body.model === "m-big" ? 10_000_000 : 500, tokensOut: 100 };
      }
      const output = /Output: (.*)\nVerdict\?$/.exec(text)?.[1] ?? "";
      const pass = output.startsWith("refund") && !(text.includes("original payment method") && output.includes("gift card"));
      return { text: pass ? "PASS: refunded" : "FAIL: not a proper refund", tokensIn: 50, tokensOut: 5 };
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  delete process.env.GAVEL_CASSETTE_DIR;
});

const devOutputs = ["refund to the card", "refund to a gift card", "no refund", "refund as gift card", "refund done", "refused"];
const gold = (output: string) => (output.startsWith("refund") && !output.includes("gift card") ? "pass" : "fail");

async function scenario(name: string, model = "m-1") {
  const seeded = await seedLabelSet({
    name: `${name}-set`,
    kind: "binary",
    rubric: "Pass only a refund to the original payment method; a gift card is not a refund.",
    items: [
      ...devOutputs.map((output, i) => ({
        key: `${name}-dev-${i}`,
        split: "dev" as const,
        output,
        gold: gold(output),
        labels: [
          { reviewer: "ann@example.com", value: gold(output), reason: output.includes("gift") ? "gift cards are not refunds" : undefined },
        ],
      })),
      { key: `${name}-test-0`, split: "test" as const, output: "refund HELD-OUT-TEST-ITEM", gold: "pass" },
    ],
  });
  const version = await seedJudgeVersion(`${name}-judge`, {
    provider: "openai",
    model,
    baseUrl: server.baseUrl,
    promptTemplate: lenient,
    parser: "pass_fail",
  });
  await runJudgeOnLabelSet({ versionId: version.id, queueId: seeded.queueId, split: "dev" });
  server.requests.length = 0;
  return { versionId: version.id, queueId: seeded.queueId, testId: seeded.transcriptIds[`${name}-test-0`]! };
}

describe("improveJudge", () => {
  it("proposes candidates from the dev split's misaligned items, runs each on dev, keeps the best as an unapproved version with lineage", async () => {
    const { versionId, queueId, testId } = await scenario("imp");
    const lines: string[] = [];
    const report = await improveJudge({ versionId, queueId, candidates: 3, budgetUsd: 0, seed: 7, onProgress: (l) => lines.push(l) });

    expect(lines[0]).toMatch(/^Estimate: 21 calls \(3 proposals by m-1, 18 judge calls on 6 dev items\), \$0\.0000; budget \$0\.0000\.$/);
    expect(report.misaligned).toBe(2);
    expect(report.baseKappa).toBeCloseTo(0.4, 6);
    expect(report.candidates.map((c) => [c.k, c.kappa === null ? null : Number(c.kappa.toFixed(3)), c.problem])).toEqual([
      [1, 0.4, null],
      [2, 1, null],
      [3, null, "the answer has no <prompt>…</prompt> block"],
    ]);
    expect(report.best?.k).toBe(2);
    // 3 proposals, then 6 dev items for each of the two usable candidates; the test item never went out.
    expect(server.requests.filter(isProposal)).toHaveLength(3);
    expect(server.requests.filter((r) => !isProposal(r))).toHaveLength(12);
    for (const r of server.requests) {
      expect(JSON.stringify(r.body)).not.toContain("HELD-OUT-TEST-ITEM");
      expect(JSON.stringify(r.body)).not.toContain(testId);
    }
    const proposal = lastUserText(server.requests.find(isProposal)!.body);
    expect(proposal).toContain("Pass only a refund to the original payment method");
    expect(proposal).toContain("Output: refund to a gift card\nHumans: fail (fail: gift cards are not refunds)\nJudge: pass (refunded)");
    expect(server.requests.filter(isProposal).map((r) => r.body.seed)).toEqual([8, 9, 10]);

    const saved = (await getJudgeVersion(report.saved!.id))!;
    expect(report.saved).toMatchObject({ version: 2, created: true });
    expect(saved.promptTemplate).toBe(strict);
    expect(saved.parentId).toBe(versionId);
    expect(saved.note).toMatch(/^improve: candidate 2 of 3 \(seed 7, proposed by m-1; dev κ 0\.400 → 1\.000\); prompt template$/);
    const { status } = await loadStatusAndGates(saved.id);
    expect(status.approved).toBe(false);
    expect(status.gating).toBe(false);
  }, 120_000);

  it("is deterministic: recorded answers replayed give the same draft, with no live call", async () => {
    const { versionId, queueId } = await scenario("det");
    const cassette = path.join(dir, "improve.json");
    const first = await improveJudge({ versionId, queueId, candidates: 3, budgetUsd: 0, seed: 3, record: cassette });
    expect(existsSync(cassette)).toBe(true);
    const live = server.requests.length;
    const again = await improveJudge({ versionId, queueId, candidates: 3, budgetUsd: 0, seed: 3, replay: cassette });
    expect(server.requests.length).toBe(live);
    expect(again.saved).toMatchObject({ hash: first.saved!.hash, id: first.saved!.id, created: false });
    expect(again.candidates).toEqual(first.candidates);
    // Another seed is another set of requests: the cassette does not hold their answers.
    const other = await improveJudge({ versionId, queueId, candidates: 1, budgetUsd: 0, seed: 4, replay: cassette });
    expect(other.candidates[0]!.problem).toMatch(/^the proposal call failed: No recorded answer/);
    expect(other.saved).toBeNull();
  }, 120_000);

  it("refuses a replay version before any call: it answers only its recorded requests, and a proposed prompt is a new one", async () => {
    const { queueId } = await scenario("rep");
    const replay = await seedJudgeVersion("rep-replay-judge", {
      provider: "replay",
      model: "recorded",
      promptTemplate: lenient,
      parser: "pass_fail",
    });
    await expect(improveJudge({ versionId: replay.id, queueId, candidates: 1, budgetUsd: 0 })).rejects.toThrow(
      /^rep-replay-judge v1 replays recorded verdicts \(an imported data set\): no model here can propose or judge a new prompt\./,
    );
    expect(server.requests).toHaveLength(0);
  }, 120_000);

  it("refuses before any call when the estimate is above the budget, and stops when the spending reaches it", async () => {
    const { versionId, queueId } = await scenario("bud", "m-big");
    const versions = await db().judgeVersion.count();
    // A priced model: $1 per million tokens in, $2 per million out.
    const price = (_model: string, tokensIn: number, tokensOut: number) => (tokensIn + 2 * tokensOut) / 1e6;
    const estimate = await improveJudge({ versionId, queueId, candidates: 3, budgetUsd: 100, estimateOnly: true, overrides: { price } });
    const cost = estimate.estimate.costUsd!;
    expect(cost).toBeGreaterThan(0);
    await expect(improveJudge({ versionId, queueId, candidates: 3, budgetUsd: cost / 2, overrides: { price } })).rejects.toThrow(
      /^The estimate is \$\d\.\d{4} for 21 calls \(3 proposals, 18 judge calls on dev\), above the budget of \$\d\.\d{4}/,
    );
    expect(server.requests).toHaveLength(0);
    expect(await db().judgeVersion.count()).toBe(versions);

    // Within the estimate, but the first answer costs far more than estimated: the loop stops before the next candidate.
    const stopped = await improveJudge({ versionId, queueId, candidates: 3, budgetUsd: cost, overrides: { price } });
    expect(stopped.candidates).toHaveLength(1);
    expect(stopped.stopped).toMatch(/^stopped before candidate 2 of 3: \$\d+\.\d{4} spent of \$\d\.\d{4}/);
    expect(stopped.spentUsd).toBeGreaterThanOrEqual(cost);
    expect(server.requests.filter(isProposal)).toHaveLength(1);
  }, 120_000);
});
