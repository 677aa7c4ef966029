/**
 * Database tooling: `npm run db -- <command>`.
 *   generate          generate both Prisma clients (SQLite and PostgreSQL)
 *   derive            write prisma/postgres/schema.prisma from prisma/schema.prisma
 *   deploy            apply pending migrations to DATABASE_URL (default: the SQLite file)
 *   migration <name>  write a new migration for both providers from the schema change
 *   drift             check that both migration histories build what the schema describes
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseProvider, databaseUrl, redactUrl } from "../lib/database-url";
import { findMigrationDrift } from "../lib/db/drift";
import { deployMigrations, generateClients, PRISMA_FILES, sqlBetween } from "../lib/db/prisma-cli";
import { derivePostgresSchema } from "../prisma/derive";

const SNAPSHOT = "schema.snapshot.prisma";

function derive(): boolean {
  const next = derivePostgresSchema(readFileSync(PRISMA_FILES.sqlite.schema, "utf8"));
  const current = existsSync(PRISMA_FILES.postgres.schema) ? readFileSync(PRISMA_FILES.postgres.schema, "utf8") : "";
  if (next === current) return false;
  writeFileSync(PRISMA_FILES.postgres.schema, next);
  return true;
}

function latestMigration(dir: string): string | undefined {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .at(-1);
}

async function newMigration(name: string) {
  if (!/^[a-z0-9_]+$/.test(name))
    throw new Error("A migration name uses lowercase letters, digits and underscores, e.g. add_rubric_scale.");
  derive();
  const previous = latestMigration(PRISMA_FILES.sqlite.migrations);
  if (!previous) throw new Error("No migration history found under prisma/migrations.");
  const snapshot = path.join(PRISMA_FILES.sqlite.migrations, previous, SNAPSHOT);
  const tmp = path.join(os.tmpdir(), `gavel-previous-${process.pid}.prisma`);
  writeFileSync(tmp, derivePostgresSchema(readFileSync(snapshot, "utf8")));

  const sqliteSql = await sqlBetween("sqlite", snapshot, PRISMA_FILES.sqlite.schema);
  const postgresSql = await sqlBetween("postgres", tmp, PRISMA_FILES.postgres.schema);
  if (!/\S/.test(sqliteSql.replace(/^--.*$/gm, "")) && !/\S/.test(postgresSql.replace(/^--.*$/gm, ""))) {
    console.log("The schema has not changed since the last migration; nothing written.");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = `${stamp}_${name}`;
  for (const [provider, sql] of [
    ["sqlite", sqliteSql],
    ["postgres", postgresSql],
  ] as const) {
    const dir = path.join(PRISMA_FILES[provider].migrations, folder);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "migration.sql"), sql);
  }
  writeFileSync(path.join(PRISMA_FILES.sqlite.migrations, folder, SNAPSHOT), readFileSync(PRISMA_FILES.sqlite.schema, "utf8"));
  console.log(`Wrote ${folder} for SQLite and PostgreSQL. Review the SQL, then run npm run db -- drift.`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case "generate":
      derive();
      await generateClients();
      return;
    case "derive":
      console.log(derive() ? `Updated ${PRISMA_FILES.postgres.schema}.` : `${PRISMA_FILES.postgres.schema} is up to date.`);
      return;
    case "deploy": {
      const url = databaseUrl();
      await deployMigrations(url);
      console.log(`Migrations applied to ${redactUrl(url)}.`);
      return;
    }
    case "migration":
      if (!rest[0]) throw new Error("Usage: npm run db -- migration <name>");
      await newMigration(rest[0]);
      return;
    case "drift": {
      const url = databaseUrl();
      const drift = await findMigrationDrift(databaseProvider(url), url);
      if (drift.length > 0) {
        console.error(`The ${databaseProvider(url)} migration history does not match the schema:\n${drift.join("\n")}`);
        process.exitCode = 1;
      } else {
        console.log(`No drift: the ${databaseProvider(url)} migration history builds exactly the schema.`);
      }
      return;
    }
    default:
      console.error("Usage: npm run db -- generate | derive | deploy | migration <name> | drift");
      process.exitCode = 2;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
