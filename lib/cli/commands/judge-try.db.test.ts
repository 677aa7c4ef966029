import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { getJudgeVersion } from "../../db/judges";
import { runJudgeOnLabelSet } from "../../judging/label-set-run";
import { saveDraftAsVersion } from "../../judging/workbench";
import { readExamples } from "../../judges/examples";
import { lastUserText, startMockLlmServer, type MockLlmServer } from "../../providers/mock-server";
import { gavel } from "../../testing/cli";
import { seedJudgeVersion, seedLabelSet } from "../../testing/seed-judges";
import { withTestDatabase } from "../../testing/test-database";
import { createLogger } from "../logger";
import { judgeTry } from "./judge-try";

withTestDatabase();

/**
 * A model whose answers depend on the prompt: told only "refund" it passes every refund (gift cards too, which the
 * humans fail); told that refunds go to the original payment method, it fails gift cards. The output's last line is
 * what it grades, so worked examples in the prompt do not change its answer.
 */
let server: MockLlmServer;
const dir = mkdtempSync(path.join(tmpdir(), "gavel-judge-try-"));
beforeAll(async () => {
  process.env.GAVEL_CASSETTE_DIR = path.join(dir, "none");
  server = await startMockLlmServer({
    flavor: "openai",
    reply: ({ body }) => {
      const text = lastUserText(body);
      const output = /Output: (.*)\nVerdict\?$/.exec(text)?.[1] ?? "";
      const strict = text.includes("original payment method");
      const pass = output.startsWith("refund") && !(strict && output.includes("gift card"));
      return { text: pass ? "PASS: refunded" : "FAIL: not a proper refund" };
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  delete process.env.GAVEL_CASSETTE_DIR;
});

function capture() {
  let out = "";
  const logger = createLogger({
    stdout: { write: (s: string) => ((out += s), true) } as NodeJS.WritableStream,
    stderr: { write: (_s: string) => true } as unknown as NodeJS.WritableStream,
  });
  return { logger, out: () => out };
}

const lenient = "Task: {{task_prompt}}\nOutput: {{output}}\nVerdict?";
const strict = "Refunds must go to the original payment method.\nTask: {{task_prompt}}\nOutput: {{output}}\nVerdict?";
const devOutputs = [
  "refund to the card",
  "refund to a gift card",
  "refund to the card again",
  "no refund",
  "refund as gift card",
  "refund done",
];
const gold = (output: string) => (output.startsWith("refund") && !output.includes("gift card") ? "pass" : "fail");

let queueId = "";
let ids: Record<string, string> = {};
let versionId = "";

describe("gavel judge try --dev", () => {
  it("re-runs an edited prompt on the dev split only: κ with its interval and fixed / broken per item, nothing saved", async () => {
    const seeded = await seedLabelSet({
      name: "try-set",
      kind: "binary",
      items: [
        ...devOutputs.map((output, i) => ({
          key: `dev-${i}`,
          split: "dev" as const,
          output,
          gold: gold(output),
          labels: [
            {
              reviewer: "ann@example.com",
              value: gold(output),
              reason: `ann: ${output.includes("gift") ? "gift cards are not refunds" : "fine"}`,
            },
            { reviewer: "bob@example.com", value: gold(output) },
          ],
        })),
        { key: "test-0", split: "test" as const, output: "refund HELD-OUT-TEST-ITEM", gold: "pass" },
      ],
    });
    queueId = seeded.queueId;
    ids = seeded.transcriptIds;
    const version = await seedJudgeVersion("try-judge", {
      provider: "openai",
      model: "m-1",
      baseUrl: server.baseUrl,
      promptTemplate: lenient,
      parser: "pass_fail",
    });
    versionId = version.id;
    await runJudgeOnLabelSet({ versionId, queueId, split: "dev" });
    const before = {
      versions: await db().judgeVersion.count(),
      verdicts: await db().judgeVerdict.count(),
      calibrations: await db().calibration.count(),
    };
    server.requests.length = 0;

    const file = path.join(dir, "strict.txt");
    writeFileSync(file, strict);
    const run = capture();
    const result = await judgeTry("try-judge@1", { dev: true, prompt: file, json: true }, run.logger);
    expect(JSON.parse(run.out())).toMatchObject({ split: "dev", items: 6, calls: { ok: 6, skipped: 0, error: 0 }, unchanged: false });
    expect(result.changed).toEqual(["prompt template"]);
    // The lenient version passes both gift cards (false passes); the strict draft fixes them and breaks nothing.
    expect(result.counts).toEqual({ fixed: 2, broken: 0, unchanged: 4, changed_still_wrong: 0, not_compared: 0 });
    expect(
      result.changes
        .filter((c) => c.change === "fixed")
        .map((c) => c.transcriptId)
        .sort(),
    ).toEqual([ids["dev-1"], ids["dev-4"]].sort());
    expect(result.draft.value).toBe(1);
    expect(result.base.value).toBeCloseTo(1 / 3, 6);
    expect(result.base.ci95).not.toBeNull();
    expect(result.base.bootstrap).not.toBeNull();
    // Dev items only went out; nothing was stored.
    expect(server.requests).toHaveLength(6);
    expect(server.requests.some((r) => lastUserText(r.body).includes("HELD-OUT-TEST-ITEM"))).toBe(false);
    expect({
      versions: await db().judgeVersion.count(),
      verdicts: await db().judgeVerdict.count(),
      calibrations: await db().calibration.count(),
    }).toEqual(before);
  });

  it("puts worked examples from dev items in the prompt sent, and they change the hash; a test item is refused by name", async () => {
    const promptOnly = await judgeTry("try-judge@1", { dev: true, prompt: path.join(dir, "strict.txt") }, capture().logger);
    server.requests.length = 0;
    const withExamples = await judgeTry(
      "try-judge@1",
      { dev: true, prompt: path.join(dir, "strict.txt"), examples: "dev-1", subset: "misaligned" },
      capture().logger,
    );
    expect(withExamples.draftHash).not.toBe(promptOnly.draftHash);
    expect(withExamples.changed).toEqual(["prompt template", "worked examples: 1 added, 0 removed (1 now)"]);
    expect(withExamples.items).toBe(2);
    expect(server.requests).toHaveLength(2);
    for (const r of server.requests) {
      const sent = lastUserText(r.body);
      expect(sent).toContain(
        "Worked examples, graded by people:\n\nExample 1\nTask: Task dev-1: answer the customer.\nOutput: refund to a gift card\nVerdict: FAIL\nWhy: ann: gift cards are not refunds",
      );
    }

    await expect(judgeTry("try-judge@1", { dev: true, examples: ids["test-0"]! }, capture().logger)).rejects.toThrow(
      `examples: ${ids["test-0"]} is not a gold item of the dev split of "try-set" (worked examples come from the dev split only: the test split is held out).`,
    );
    await expect(judgeTry("try-judge@1", { prompt: path.join(dir, "strict.txt") }, capture().logger)).rejects.toThrow(/pass --dev/);
    await expect(judgeTry("try-judge@1", { dev: true, prompt: path.join(dir, "missing.txt") }, capture().logger)).rejects.toThrow(
      /--prompt .*missing.txt: no such file/,
    );
    await expect(
      judgeTry("try-judge@1", { dev: true, prompt: path.join(dir, "strict.txt"), examples: "dev-1" }, capture().logger),
    ).resolves.toBeTruthy();
  });

  it("saves a draft as a pinned version whose parent is the version it started from, with the examples in its hash", async () => {
    const draft = { promptTemplate: strict, examples: ["dev-1"] };
    const tried = await judgeTry(
      "try-judge@1",
      { dev: true, prompt: path.join(dir, "strict.txt"), examples: "dev-1", subset: "misaligned" },
      capture().logger,
    );
    const admin = await db().user.upsert({
      where: { email: "admin@example.com" },
      update: {},
      create: { email: "admin@example.com", role: "admin" },
    });
    const { version, changed } = await saveDraftAsVersion({ versionId, queueId, draft, actorId: admin.id });
    expect(version.hash).toBe(tried.draftHash);
    const saved = await getJudgeVersion(version.id);
    expect(saved).toMatchObject({ version: 2, parentId: versionId, note: `Workbench: ${changed.join("; ")}` });
    expect(readExamples(saved!.examples)).toMatchObject([
      { transcriptId: ids["dev-1"], label: "fail", reason: "ann: gift cards are not refunds" },
    ]);
    await expect(saveDraftAsVersion({ versionId, queueId, draft, actorId: admin.id })).rejects.toThrow(/already v2 of this judge/);
    await expect(saveDraftAsVersion({ versionId, queueId, draft: {}, actorId: admin.id })).rejects.toThrow(/Nothing changed/);
  });

  it("runs as a command: --json on stdout, exit 2 without --dev", async () => {
    const env = { DATABASE_URL: process.env.DATABASE_URL, GAVEL_CASSETTE_DIR: process.env.GAVEL_CASSETTE_DIR };
    const ok = await gavel(["judge", "try", "try-judge@1", "--dev", "--queue", "try-set", "--json"], env);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ unchanged: true, items: 6, counts: { fixed: 0, broken: 0, unchanged: 6 } });
    const refused = await gavel(["judge", "try", "try-judge@1", "--queue", "try-set"], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pass --dev");
  }, 120_000);
});
