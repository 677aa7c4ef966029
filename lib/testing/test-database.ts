import { afterAll, beforeAll, inject } from "vitest";
import { disconnectDb } from "../db/client";
import { createTempDatabase, type TempDatabase } from "../db/temp-database";

/**
 * Gives the calling test file its own freshly migrated database and points DATABASE_URL (and so
 * lib/db) at it. Call at the top of a *.db.test.ts file.
 */
export function withTestDatabase(): { url: () => string } {
  let database: TempDatabase | undefined;
  beforeAll(async () => {
    database = await createTempDatabase(inject("baseDatabaseUrl"), { prefix: "gavel_test", template: inject("templateDatabaseUrl") });
    process.env.DATABASE_URL = database.url;
  });
  afterAll(async () => {
    await disconnectDb();
    await database?.drop();
  });
  return {
    url: () => {
      if (!database) throw new Error("withTestDatabase: the database is created in beforeAll");
      return database.url;
    },
  };
}
