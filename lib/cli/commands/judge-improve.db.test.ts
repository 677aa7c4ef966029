import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { runJudgeOnLabelSet } from "../../judging/label-set-run";
import { lastUserText, startMockLlmServer, type MockLlmServer } from "../../providers/mock-server";
import { gavel } from "../../testing/cli";
import { seedJudgeVersion, seedLabelSet } from "../../testing/seed-judges";
import { withTestDatabase } from "../../testing/test-database";

withTestDatabase();

/** The mock proposes the rule people apply for candidate 2 and judges by its prompt (see lib/judging/improve.db.test.ts). */
const lenient = "Task: {{task_prompt}}\nOutput: {{output}}\nVerdict?";
const strict = "Refunds must go to the original payment method.\nTask: {{task_prompt}}\nOutput: {{output}}\nVerdict?";
let server: MockLlmServer;
const dir = mkdtempSync(path.join(tmpdir(), "gavel-improve-cli-"));
beforeAll(async () => {
  server = await startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const text = lastUserText(body);
      if (JSON.stringify(body).includes("You improve the prompt"))
        return { text: text.includes("Candidate 2 of") ? `<prompt>${strict}</prompt>` : "<prompt>{{output}}</prompt>" };
      const output = /Output: (.*)\nVerdict\?$/.exec(text)?.[1] ?? "";
      const pass = output.startsWith("refund") && !(text.includes("original payment method") && output.includes("gift card"));
      return { text: pass ? "PASS: ok" : "FAIL: no" };
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("gavel judge improve", () => {
  it("prints the estimate, refuses above the budget with exit 2, and re-runs from recorded answers to the same draft", async () => {
    const outputs = ["refund to the card", "refund to a gift card", "no refund", "refund as gift card", "refund done"];
    const { queueId } = await seedLabelSet({
      name: "cli-improve-set",
      kind: "binary",
      items: outputs.map((output, i) => ({
        key: `d${i}`,
        split: "dev" as const,
        output,
        gold: output.startsWith("refund") && !output.includes("gift") ? "pass" : "fail",
      })),
    });
    const local = await seedJudgeVersion("cli-improve", {
      provider: "openai",
      model: "m",
      baseUrl: server.baseUrl,
      promptTemplate: lenient,
      parser: "pass_fail",
    });
    await runJudgeOnLabelSet({ versionId: local.id, queueId, split: "dev" });
    // A priced model on the public API: refused on the estimate, before any call (no key is set, no traffic leaves).
    const priced = await seedJudgeVersion("cli-improve-priced", {
      provider: "openai",
      model: "gpt-4o-mini",
      baseUrl: "https://api.openai.com/v1",
      promptTemplate: lenient,
      parser: "pass_fail",
    });
    // Its dev verdicts, as if it had run (the local version's answers): misaligned items to improve from.
    const answered = await db().judgeVerdict.findMany({ where: { judgeVersionId: local.id } });
    await db().judgeVerdict.createMany({
      data: answered.map(({ id: _id, createdAt: _at, judgeVersionId: _v, ...rest }) => ({
        ...rest,
        rawRequest: rest.rawRequest ?? undefined,
        judgeVersionId: priced.id,
      })) as never,
    });
    const env = { DATABASE_URL: process.env.DATABASE_URL, OPENAI_API_KEY: "", GAVEL_CASSETTE_DIR: path.join(dir, "none") };

    const missing = await gavel(["judge", "improve", "cli-improve@1", "--candidates", "2"], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--budget is required");

    const before = server.requests.length;
    const refused = await gavel(
      ["judge", "improve", "cli-improve-priced@1", "--queue", "cli-improve-set", "--candidates", "3", "--budget", "0.00001"],
      env,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /Estimate: 18 calls \(3 proposals by gpt-4o-mini, 15 judge calls on 5 dev items\), \$0\.\d{4}; budget \$0\.0000\./,
    );
    expect(refused.stderr).toMatch(/The estimate is \$0\.\d{4} for 18 calls .* above the budget of \$0\.0000/);
    expect(server.requests.length).toBe(before);

    const cassette = path.join(dir, "answers.json");
    const args = [
      "judge",
      "improve",
      "cli-improve@1",
      "--queue",
      "cli-improve-set",
      "--candidates",
      "2",
      "--budget",
      "0",
      "--seed",
      "5",
      "--json",
    ];
    const first = await gavel([...args, "--record", cassette], env);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({ seed: 5, best: { k: 2, kappa: 1 }, saved: { version: 2, created: true } });
    const live = server.requests.length;
    const again = await gavel([...args, "--replay", cassette], env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).saved).toEqual({ ...report.saved, created: false });
    expect(server.requests.length).toBe(live);
    const text = await gavel([...args.slice(0, -1), "--replay", cassette], env);
    expect(text.stdout).toContain(`kept candidate 2 as v2 (${report.saved.hash.slice(0, 12)}, already saved before)`);
  }, 180_000);
});
