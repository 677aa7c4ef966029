import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();
const traces = "lib/transcripts/fixtures/traces";

describe("gavel import transcripts: OpenTelemetry exports from the real SDKs", () => {
  it("imports a trace with an unrelated HTTP span, saying 1 span skipped, and stores every tool call", async () => {
    const result = await gavel(["import", "transcripts", `${traces}/otel-chat-logs.jsonl`, "--queue", "otel-traces"], {
      DATABASE_URL: database.url(),
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("ok: 1 transcript from");
    expect(result.stdout).toContain("(otel): 1 new, 0 already stored");
    expect(result.stdout).toContain("  1 span skipped (not GenAI: GET)");
    const stored = await db().transcript.findFirstOrThrow({ where: { source: "otel" } });
    expect(stored.taskPrompt).toBe("Please refund orders A1002 and A1003, the headphones arrived broken.");
    const messages = (stored.content as { messages: { role: string; toolCalls?: { name: string; error?: string }[] }[] }).messages;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "assistant", "assistant"]);
    expect(messages.flatMap((m) => m.toolCalls ?? []).map((c) => `${c.name}${c.error ? "!" : ""}`)).toEqual([
      "get_order",
      "get_order",
      "issue_refund",
      "issue_refund!",
    ]);
    const audit = await db().auditEvent.findFirstOrThrow({ where: { action: "transcripts.imported" }, orderBy: { createdAt: "desc" } });
    expect(audit.details).toMatchObject({ format: "otel", notes: ["read as OpenTelemetry GenAI", "1 span skipped (not GenAI: GET)"] });
  });

  // One test per file: each starts the CLI, which takes seconds on a loaded machine.
  it.each([
    "otel-responses-logs.jsonl",
    "openllmetry-current.json",
    "openllmetry-flattened.json",
    "openinference.json",
    "vercel-ai.json",
    "logfire-pydantic-ai-v1.json",
  ])("imports %s with --json as one transcript", async (file) => {
    const result = await gavel(["import", "transcripts", `${traces}/${file}`, "--json"], { DATABASE_URL: database.url() });
    expect(result.code, `${file}: ${result.stderr}`).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, format: "otel", items: 1 });
  });
});
