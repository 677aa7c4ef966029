import { describe, expect, inject, it } from "vitest";
import { withTestDatabase } from "@/lib/testing/test-database";
import { createTempDatabase } from "./temp-database";
import { ensureMigrated, pendingMigrations } from "./ensure-migrated";

const database = withTestDatabase();

describe("ensureMigrated", () => {
  it("sees nothing pending on a migrated database", async () => {
    expect(await pendingMigrations(database.url())).toEqual([]);
  });

  it("migrates a new, empty database", async () => {
    const empty = await createTempDatabase(inject("baseDatabaseUrl"), { prefix: "gavel_empty" });
    try {
      expect((await pendingMigrations(empty.url)).length).toBeGreaterThan(0);
      await ensureMigrated(empty.url);
      expect(await pendingMigrations(empty.url)).toEqual([]);
    } finally {
      await empty.drop();
    }
  }, 120_000);
});
