/**
 * Vitest global setup for database tests: one migrated template database per test run, on the
 * provider DATABASE_URL names (the SQLite default, or PostgreSQL when it starts with postgres).
 * Each test file then takes its own copy (lib/testing/test-database.ts), so files run in parallel.
 */
import type { TestProject } from "vitest/node";
import { databaseUrl, redactUrl } from "../database-url";
import { deployMigrations } from "../db/prisma-cli";
import { createTempDatabase } from "../db/temp-database";

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
    baseDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const base = process.env.GAVEL_TEST_DATABASE_URL ?? databaseUrl();
  const template = await createTempDatabase(base, { prefix: "gavel_tpl" });
  await deployMigrations(template.url);
  console.log(`[db tests] template database migrated: ${redactUrl(template.url)}`);
  project.provide("templateDatabaseUrl", template.url);
  project.provide("baseDatabaseUrl", base);
  return async () => {
    await template.drop();
  };
}
