import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { EXPORT_COLUMNS } from "../../labeling/export";
import { gavel } from "../../testing/cli";
import { seedAgreementQueue, twoReviewerTable } from "../../testing/seed-agreement";
import { withTestDatabase } from "../../testing/test-database";

const database = withTestDatabase();
const dir = mkdtempSync(path.join(tmpdir(), "gavel-labels-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("gavel labels export", () => {
  it("writes CSV to stdout and JSONL to a file, one row per label", async () => {
    await seedAgreementQueue({ name: "cli-export", items: twoReviewerTable("ann@example.com", "bob@example.com") });
    const env = { DATABASE_URL: database.url() };

    const csv = await gavel(["labels", "export", "cli-export"], env);
    expect(csv.stderr).toBe("");
    expect(csv.code).toBe(0);
    expect(csv.stdout.split("\n")[0]).toBe(EXPORT_COLUMNS.join(","));
    const records = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(40);
    expect(records.filter((r) => r.has_gold === "true")).toHaveLength(28);

    const file = path.join(dir, "labels.jsonl");
    const jsonl = await gavel(["labels", "export", "cli-export", "--format", "jsonl", "--out", file, "--rubric-version", "current"], env);
    expect(jsonl.code).toBe(0);
    expect(jsonl.stdout).toBe("");
    expect(jsonl.stderr).toContain(`Wrote 40 labels of "cli-export" to ${file}.`);
    const lines = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(40);
    expect(lines[0]).toMatchObject({
      queue: "cli-export",
      external_id: "item-01",
      reviewer_email: "ann@example.com",
      judge_seen: false,
      rubric_version: 1,
    });
  });

  it("an unknown queue or format is a usage error (exit 2)", async () => {
    const env = { DATABASE_URL: database.url() };
    const missing = await gavel(["labels", "export", "no-such-queue"], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No label queue named or with id "no-such-queue".');
    const format = await gavel(["labels", "export", "cli-export", "--format", "xlsx"], env);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("--format: format must be csv or jsonl");
    const version = await gavel(["labels", "export", "cli-export", "--rubric-version", "two"], env);
    expect(version.code).toBe(2);
    expect(version.stderr).toContain('--rubric-version: rubric version must be all, current or a whole number from 1, got "two"');
  });
});
