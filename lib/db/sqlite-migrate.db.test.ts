import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deployMigrations, PRISMA_FILES, runPrismaCli } from "./prisma-cli";
import { deploySqliteMigrations } from "./sqlite-migrate";
import { queryRows } from "./temp-database";

const tmp = () => mkdtempSync(path.join(os.tmpdir(), "gavel-sqlite-migrate-"));
const schemaOf = async (file: string) =>
  (await queryRows(`file:${file}`, "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")).map((r) => ({
    ...r,
    sql: String(r.sql ?? "").replace(/IF NOT EXISTS /, ""),
  }));
const ledger = async (file: string) =>
  (
    await queryRows(
      `file:${file}`,
      "SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, applied_steps_count FROM _prisma_migrations ORDER BY migration_name",
    )
  ).map((r) => ({ ...r, finished: Number(r.finished) }));

describe("deploySqliteMigrations", () => {
  it("builds the same database and ledger as prisma migrate deploy, and Prisma then finds nothing to apply", async () => {
    const dir = tmp();
    const ours = path.join(dir, "ours.db");
    const theirs = path.join(dir, "theirs.db");
    const applied = await deploySqliteMigrations(ours, PRISMA_FILES.sqlite.migrations);
    expect(applied.length).toBeGreaterThan(0);
    await deployMigrations(`file:${theirs}`);
    expect(await schemaOf(ours)).toEqual(await schemaOf(theirs));
    expect(await ledger(ours)).toEqual(await ledger(theirs));
    const status = await runPrismaCli("sqlite", ["migrate", "status"], `file:${ours}`);
    expect(status.stdout).toContain("Database schema is up to date");
    expect(await deploySqliteMigrations(ours, PRISMA_FILES.sqlite.migrations)).toEqual([]);
  }, 120_000);

  it("leaves a failing migration unfinished with its error, applies nothing after it, and refuses to go on", async () => {
    const dir = tmp();
    const migrations = path.join(dir, "migrations");
    for (const [name, sql] of [
      ["1_first", 'CREATE TABLE "a" ("id" TEXT);'],
      ["2_broken", 'CREATE TABLE "b" ("id" TEXT);\nALTER TABLE "missing" ADD COLUMN "x" TEXT;'],
      ["3_after", 'CREATE TABLE "c" ("id" TEXT);'],
    ]) {
      mkdirSync(path.join(migrations, name!), { recursive: true });
      writeFileSync(path.join(migrations, name!, "migration.sql"), sql!);
    }
    const file = path.join(dir, "db.sqlite");
    await expect(deploySqliteMigrations(file, migrations)).rejects.toThrow(/Migration 2_broken failed .*no such table: missing/);
    const rows = await queryRows(
      `file:${file}`,
      "SELECT migration_name, finished_at, logs FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(rows.map((r) => [r.migration_name, r.finished_at !== null])).toEqual([
      ["1_first", true],
      ["2_broken", false],
    ]);
    expect(String(rows[1]!.logs)).toContain("no such table: missing");
    expect((await queryRows(`file:${file}`, "SELECT name FROM sqlite_master WHERE name = 'c'")).length).toBe(0);
    await expect(deploySqliteMigrations(file, migrations)).rejects.toThrow(
      /2_broken failed earlier .* migrate resolve --rolled-back 2_broken/,
    );
  });
});
