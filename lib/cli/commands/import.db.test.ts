import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { gavel } from "@/lib/testing/cli";
import { withTestDatabase } from "@/lib/testing/test-database";

const database = withTestDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-import-"));
const line = (n: number) => JSON.stringify({ id: `cli-${n}`, task_prompt: `Question ${n}`, final_output: `Answer ${n}` });

describe("gavel import transcripts", () => {
  it("exits 2 naming every bad line and field, and writes nothing", async () => {
    const file = path.join(dir, "bad.jsonl");
    writeFileSync(file, [line(1), "{oops", line(3), JSON.stringify({ task_prompt: "x", kind: "fuzzy" })].join("\n"));
    const result = await gavel(["import", "transcripts", file], { DATABASE_URL: database.url() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("(2 problems); nothing was written:");
    expect(result.stderr).toMatch(/bad\.jsonl: line 2: not valid JSON/);
    expect(result.stderr).toContain('bad.jsonl: line 4: kind: kind must be "binary", "pairwise" or "graded"');
    expect(await db().transcript.count()).toBe(0);
  });

  it("imports into a queue, and the same file again adds nothing", async () => {
    const file = path.join(dir, "good.jsonl");
    writeFileSync(file, [line(1), line(2), line(3)].join("\n") + "\n");
    const first = await gavel(["import", "transcripts", file, "--queue", "cli-queue"], { DATABASE_URL: database.url() });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('ok: 3 transcripts from');
    expect(first.stdout).toContain('3 new, 0 already stored; 3 added to queue "cli-queue" (new)');
    const again = await gavel(["import", "transcripts", file, "--queue", "cli-queue", "--json"], { DATABASE_URL: database.url() });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, created: 0, existing: 3, addedToQueue: 0 });
    expect(await db().transcript.count()).toBe(3);
    expect(await db().queueItem.count()).toBe(3);
  });

  it("refuses an unknown format and a missing file with exit 2", async () => {
    const badFormat = await gavel(["import", "transcripts", path.join(dir, "good.jsonl"), "--format", "csv"], { DATABASE_URL: database.url() });
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain("--format must be jsonl, otel, openai-chat, promptfoo, inspect, langfuse, auto");
    const missing = await gavel(["import", "transcripts", path.join(dir, "nope.jsonl")], { DATABASE_URL: database.url() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Cannot read");
  });
});
