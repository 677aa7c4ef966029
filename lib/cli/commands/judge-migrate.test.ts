import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `gavel judge …` on a data folder with no database yet (a new checkout, a CI job): the database is migrated
 * first, as `gavel import` does, so an unknown version is named as such — never Prisma's "table does not exist".
 */
describe("gavel judge on a new data folder", () => {
  it.each([
    ["try", ["judge", "try", "nosuch", "--dev"]],
    ["improve", ["judge", "improve", "nosuch", "--candidates", "2", "--budget", "1"]],
  ])(
    "judge %s names the unknown version",
    (_name, args) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "gavel-judge-new-"));
      const result = spawnSync(process.execPath, [path.resolve("bin/gavel.mjs"), ...args], {
        encoding: "utf8",
        env: { ...process.env, GAVEL_DATA_DIR: dataDir, DATABASE_URL: "" },
        timeout: 60_000,
      });
      expect(result.stderr + result.stdout).toContain('No judge version "nosuch"');
      expect(result.stderr).not.toMatch(/does not exist|PrismaClient/);
      expect(result.status).not.toBe(0);
    },
    90_000,
  );
});
