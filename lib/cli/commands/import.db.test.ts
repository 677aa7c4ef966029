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
    expect(first.stdout).toContain("ok: 3 transcripts from");
    expect(first.stdout).toContain('3 new, 0 already stored; 3 added to queue "cli-queue" (new)');
    const again = await gavel(["import", "transcripts", file, "--queue", "cli-queue", "--json"], { DATABASE_URL: database.url() });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, created: 0, existing: 3, addedToQueue: 0 });
    expect(await db().transcript.count()).toBe(3);
    expect(await db().queueItem.count()).toBe(3);
  });

  it("refuses an unknown format and a missing file with exit 2", async () => {
    const badFormat = await gavel(["import", "transcripts", path.join(dir, "good.jsonl"), "--format", "csv"], {
      DATABASE_URL: database.url(),
    });
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain("--format must be jsonl, otel, openai-chat, promptfoo, inspect, langfuse, auto");
    const missing = await gavel(["import", "transcripts", path.join(dir, "nope.jsonl")], { DATABASE_URL: database.url() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Cannot read");
  });

  it("a 60 MB file imports whole; a bad last line writes none of it; over GAVEL_CLI_MAX_IMPORT_MB nothing is read", async () => {
    const filler = "y".repeat(3000);
    const lines: string[] = [];
    for (let size = 0, n = 0; size < 60 * 2 ** 20; n++) {
      const text = JSON.stringify({ id: `big-${n}`, task_prompt: `Big ${n}`, final_output: filler });
      lines.push(text);
      size += text.length + 1;
    }
    const bad = path.join(dir, "big-bad.jsonl");
    writeFileSync(bad, [...lines, '{"id":"last","task_prompt":'].join("\n") + "\n");
    const refused = await gavel(["import", "transcripts", bad], { DATABASE_URL: database.url() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`line ${lines.length + 1}: not valid JSON`);
    expect(await db().transcript.count({ where: { externalId: { startsWith: "big-" } } })).toBe(0);

    const tooLarge = await gavel(["import", "transcripts", bad], { DATABASE_URL: database.url(), GAVEL_CLI_MAX_IMPORT_MB: "50" });
    expect(tooLarge.code).toBe(2);
    expect(tooLarge.stderr).toContain("over the limit of 50 MB (GAVEL_CLI_MAX_IMPORT_MB); nothing was written");

    const good = path.join(dir, "big.jsonl");
    writeFileSync(good, lines.join("\n") + "\n");
    const imported = await gavel(["import", "transcripts", good, "--json"], { DATABASE_URL: database.url() });
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ ok: true, items: lines.length, created: lines.length });
    expect(await db().transcript.count({ where: { externalId: { startsWith: "big-" } } })).toBe(lines.length);
  }, 240_000);

  it("invalid UTF-8 is refused with its line (exit 2), not stored as U+FFFD", async () => {
    const file = path.join(dir, "latin1.jsonl");
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(JSON.stringify({ id: "utf8-1", task_prompt: "ok" }) + "\n"),
        Buffer.from('{"id":"utf8-2","task_prompt":"caf'),
        Buffer.from([0xe9]),
        Buffer.from('"}\n'),
      ]),
    );
    const result = await gavel(["import", "transcripts", file], { DATABASE_URL: database.url() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("latin1.jsonl: line 2: not valid UTF-8");
    expect(await db().transcript.count({ where: { externalId: { startsWith: "utf8-" } } })).toBe(0);
  });
});
