import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

/**
 * One NUL (U+0000) through each write path, on whichever database this pass runs on (CI runs the db
 * tests on SQLite and again on PostgreSQL): the same outcome on both (docs/security.md, "Characters").
 */
const database = withTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-nul-"));
const NUL_AGENT = "module:lib/testing/hostile-agents.ts#nulAgent";

describe("a NUL character", () => {
  it("in an agent's output: the run completes with its verdicts and stores U+FFFD in its place", async () => {
    const out = mkdtempSync(path.join(dir, "run-"));
    const result = await gavel(["run", "datasets/smoke", "--agent", NUL_AGENT, "--baseline", "none", "--out", out, "--quiet"], {
      DATABASE_URL: database.url(),
    });
    expect(result.stderr).not.toMatch(/error:/);
    expect([0, 1]).toContain(result.code);
    const trials = await db().trial.findMany({ select: { output: true } });
    expect(trials.length).toBeGreaterThan(0);
    for (const trial of trials) {
      expect(trial.output).toContain("\uFFFD answered with a NUL");
      expect(trial.output).not.toContain("\u0000");
    }
    const record = readFileSync(
      path.join(
        out,
        readdirSync(out).find((f) => f.endsWith(".json"))!,
      ),
      "utf8",
    );
    expect(record).not.toContain("\\u0000");
  });

  it("in an imported file, in any format: refused naming the item and field, nothing written", async () => {
    const before = await db().transcript.count();
    const jsonl = path.join(dir, "nul.jsonl");
    writeFileSync(
      jsonl,
      `${JSON.stringify({ task_prompt: "ok", final_output: "fine" })}\n${JSON.stringify({ task_prompt: "a\u0000b", final_output: "x" })}\n`,
    );
    const first = await gavel(["import", "transcripts", jsonl], { DATABASE_URL: database.url() });
    expect(first.code).toBe(2);
    expect(first.stderr).toMatch(/line 2: .*NUL character/);

    const chat = path.join(dir, "nul-chat.jsonl");
    writeFileSync(
      chat,
      `${JSON.stringify({
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "b\u0000d" },
        ],
      })}\n`,
    );
    const second = await gavel(["import", "transcripts", chat, "--format", "openai-chat"], { DATABASE_URL: database.url() });
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/NUL character/);
    expect(await db().transcript.count()).toBe(before);
  });
});
