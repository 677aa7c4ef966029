import { expect, it } from "vitest";
import { inject } from "vitest";
import { databaseProvider } from "../database-url";
import { findMigrationDrift } from "./drift";

it("builds exactly the schema from the checked-in migration history", async () => {
  const base = inject("baseDatabaseUrl");
  expect(await findMigrationDrift(databaseProvider(base), base)).toEqual([]);
}, 120_000);
