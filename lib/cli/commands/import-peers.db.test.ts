import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();
const peers = "lib/transcripts/fixtures/peers";
const run = (args: string[]) => gavel(args, { DATABASE_URL: database.url() });

describe("gavel import transcripts: files from peer tools", () => {
  it("imports a promptfoo results.json: each result a transcript, its assertion outcome a replay verdict", async () => {
    const result = await run(["import", "transcripts", `${peers}/promptfoo-results.json`, "--queue", "promptfoo-results"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("ok: 3 transcripts from");
    expect(result.stdout).toContain("(promptfoo): 3 new, 0 already stored");
    expect(result.stdout).toContain("judge verdicts: 3 new, 0 already stored");
    expect(result.stdout).toContain("1 result skipped: errored");
    const verdicts = await db().judgeVerdict.findMany({
      where: { judgeVersion: { judge: { name: "promptfoo" } } },
      include: { transcript: true },
      orderBy: { value: "asc" },
    });
    expect(verdicts.map((v) => [v.value, v.transcript.source])).toEqual([
      ["fail", "promptfoo"],
      ["pass", "promptfoo"],
      ["pass", "promptfoo"],
    ]);
    expect(await db().judgeVersion.findFirstOrThrow({ where: { judge: { name: "promptfoo" } } })).toMatchObject({ provider: "replay" });
    // The same file again adds nothing.
    const again = await run(["import", "transcripts", `${peers}/promptfoo-results.json`, "--json"]);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, created: 0, existing: 3, verdicts: { created: 0, existing: 3 } });
  });

  // One CLI start per test: each takes seconds on a loaded machine.
  it("imports an Inspect AI log: samples as transcripts, pass/fail scores as verdicts", async () => {
    const inspect = await run(["import", "transcripts", `${peers}/inspect-log.json`, "--json"]);
    expect(JSON.parse(inspect.stdout)).toMatchObject({ ok: true, format: "inspect", created: 2, verdicts: { created: 3 } });
    expect(await db().transcript.count({ where: { source: "inspect" } })).toBe(2);
  });

  it("imports a Langfuse trace export: tool errors kept, human annotations not taken for verdicts", async () => {
    const langfuse = await run(["import", "transcripts", `${peers}/langfuse-trace.json`, "--json"]);
    expect(JSON.parse(langfuse.stdout)).toMatchObject({
      ok: true,
      format: "langfuse",
      created: 1,
      verdicts: { created: 2 },
      notes: [expect.stringMatching(/^1 human annotation score not imported/), expect.any(String)],
    });
    const stored = await db().transcript.findFirstOrThrow({ where: { source: "langfuse" } });
    expect(JSON.stringify(stored.content)).toContain('"error":"SMTP relay refused the message"');
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
