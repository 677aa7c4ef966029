import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();
const peers = "lib/transcripts/fixtures/peers";
const run = (args: string[]) => gavel(args, { DATABASE_URL: database.url() });

describe("gavel import transcripts: files from peer tools", () => {
  it("imports a promptfoo results.json: scores kept, no verdict until --score maps the llm-rubric judge", async () => {
    const result = await run(["import", "transcripts", `${peers}/promptfoo-results.json`, "--queue", "promptfoo-results"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("ok: 3 transcripts from");
    expect(result.stdout).toContain("(promptfoo): 3 new, 0 already stored");
    expect(result.stdout).not.toContain("judge verdicts");
    expect(result.stdout).toContain("skipped (1):");
    expect(result.stdout).toMatch(/llm-rubric\s+2\s+none/);
    expect(await db().judgeVerdict.count()).toBe(0);
    // The same file with the judge named: verdicts of that assertion only, nothing else twice.
    const mapped = await run([
      "import",
      "transcripts",
      `${peers}/promptfoo-results.json`,
      "--score",
      "llm-rubric",
      "--pass-when",
      "==true",
      "--json",
    ]);
    expect(JSON.parse(mapped.stdout)).toMatchObject({
      ok: true,
      created: 0,
      existing: 3,
      verdicts: { created: 2, existing: 0 },
      mapped: [{ score: "llm-rubric", judge: "promptfoo-llm-rubric", pass: 2, fail: 0, missing: 1 }],
    });
    expect(await db().judgeVersion.findFirstOrThrow({ where: { judge: { name: "promptfoo-llm-rubric" } } })).toMatchObject({
      provider: "replay",
    });
  });

  // One CLI start per test: each takes seconds on a loaded machine.
  it("imports an Inspect .eval archive from its bytes; the scorer is a verdict only when mapped", async () => {
    const file = "lib/transcripts/corpus/inspect-ai/log_read_sample.eval";
    const inspect = await run(["import", "transcripts", file, "--score", "match", "--pass-when", "==C", "--json"]);
    expect(JSON.parse(inspect.stdout)).toMatchObject({ ok: true, format: "inspect", created: 1, verdicts: { created: 1 } });
    const verdicts = await db().judgeVerdict.findMany({
      where: { transcript: { source: "inspect" } },
      include: { judgeVersion: { include: { judge: true } } },
    });
    expect(verdicts.map((v) => [v.judgeVersion.judge.name, v.value])).toEqual([["inspect-match", "pass"]]);
  });

  it("imports a Langfuse trace: toxicity 0 is no verdict by default, and a pass only when lower is better", async () => {
    const file = "lib/transcripts/corpus/langfuse/google-adk-2025-08-28.json";
    const plain = await run(["import", "transcripts", file, "--json"]);
    expect(JSON.parse(plain.stdout)).toMatchObject({ ok: true, format: "langfuse", created: 1, verdicts: { created: 0 } });
    expect(await db().judgeVerdict.count({ where: { transcript: { source: "langfuse" } } })).toBe(0);
    const map = path.join(mkdtempSync(path.join(tmpdir(), "gavel-map-")), "map.yaml");
    writeFileSync(map, "scores:\n  - score: toxicity\n    threshold: 0.2\n    polarity: lower\n");
    const mapped = await run(["import", "transcripts", file, "--score-map", map]);
    expect(mapped.stdout).toContain("judge verdicts: 1 new");
    expect(mapped.stdout).toMatch(/toxicity\s+1\s+langfuse-toxicity: 1 pass, 0 fail \(passes when <= 0\.2\)/);
    const stored = await db().transcript.findFirstOrThrow({ where: { source: "langfuse" } });
    expect(JSON.stringify(stored.content)).toContain('"langfuse.scores"');
    const bad = await run(["import", "transcripts", file, "--score", "Toxicity", "--pass-when", "<=0.2"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no transcript has a score named "Toxicity" (the file\'s scores: hallucination, toxicity)');
  });

  it("imports OpenAI chat JSONL, one transcript per line", async () => {
    const chat = await run(["import", "transcripts", `${peers}/openai-chat.jsonl`, "--json"]);
    expect(JSON.parse(chat.stdout)).toMatchObject({ ok: true, format: "openai-chat", created: 3 });
    expect(await db().transcript.count({ where: { source: "openai-chat" } })).toBe(3);
  });

  it("writes nothing when any line is bad, naming the line and field", async () => {
    const before = await db().transcript.count();
    const result = await run(["import", "transcripts", "lib/transcripts/fixtures/peers/openai-chat.jsonl", "--format", "inspect"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("is not a valid Inspect AI log (.json) file");
    expect(await db().transcript.count()).toBe(before);
  });
});
