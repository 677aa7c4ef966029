import "server-only";
import type { DatabaseProvider } from "../database-url";
import { deployMigrations, sqlFromEmpty } from "./prisma-cli";
import { createTempDatabase, executeScript, queryRows } from "./temp-database";

const CATALOG: Record<DatabaseProvider, string[]> = {
  sqlite: [
    `SELECT m.name AS tbl, 'column' AS kind, p.name AS name, p.type AS type, p."notnull" AS "notnull", p.dflt_value AS dflt, p.pk AS pk
       FROM sqlite_master m, pragma_table_info(m.name) p
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_prisma_migrations'`,
    `SELECT m.name AS tbl, 'index' AS kind, il.name AS name, il."unique" AS uniq,
            (SELECT group_concat(ii.name, ',') FROM pragma_index_info(il.name) ii) AS cols
       FROM sqlite_master m, pragma_index_list(m.name) il
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_prisma_migrations'`,
    `SELECT m.name AS tbl, 'fk' AS kind, f."table" AS ref, f."from" AS col, f."to" AS refcol, f.on_update AS upd, f.on_delete AS del
       FROM sqlite_master m, pragma_foreign_key_list(m.name) f
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_prisma_migrations'`,
  ],
  postgres: [
    `SELECT table_name AS tbl, 'column' AS kind, column_name AS name, data_type AS type, udt_name AS udt,
            is_nullable AS nullable, column_default AS dflt
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    `SELECT tablename AS tbl, 'index' AS kind, indexname AS name, indexdef AS def
       FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    `SELECT conrelid::regclass::text AS tbl, 'constraint' AS kind, conname AS name, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'`,
    `SELECT t.typname AS tbl, 'enum' AS kind, e.enumlabel AS name, e.enumsortorder AS ord
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public'`,
  ],
};

/**
 * What migrations create in raw SQL that Prisma's schema cannot describe (the text search's FTS5 table
 * and triggers on SQLite, its trigram indexes on PostgreSQL): left out of the comparison with the
 * schema, and instead each required by name of the database the history builds.
 */
export const RAW_OBJECTS: Record<
  DatabaseProvider,
  { names: string[]; present: string; ignored: (row: Record<string, unknown>) => boolean }
> = {
  sqlite: {
    names: ["transcript_text", "transcript_text_insert", "transcript_text_delete", "transcript_text_update"],
    present: `SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')`,
    // The FTS5 table and its shadow tables (transcript_text_data, _idx, _docsize, _config).
    ignored: (row) => row.tbl === "transcript_text" || String(row.tbl).startsWith("transcript_text_"),
  },
  postgres: {
    names: ["transcripts_task_prompt_trgm_idx", "transcripts_final_output_trgm_idx"],
    present: `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'`,
    ignored: (row) =>
      row.kind === "index" && (row.name === "transcripts_task_prompt_trgm_idx" || row.name === "transcripts_final_output_trgm_idx"),
  },
};

/** Every table, column, index, key and enum of a database (but RAW_OBJECTS), one sorted line each. */
export async function describeSchema(provider: DatabaseProvider, url: string): Promise<string[]> {
  const lines: string[] = [];
  for (const sql of CATALOG[provider]) {
    for (const row of await queryRows(url, sql)) if (!RAW_OBJECTS[provider].ignored(row)) lines.push(JSON.stringify(row));
  }
  return lines.sort();
}

/**
 * Whether the checked-in migration history builds exactly the database the schema describes:
 * one fresh database gets every migration, another gets the schema's own SQL, and their catalogs
 * are compared line by line, and the history must build RAW_OBJECTS. Returns the differing lines (empty when there is no drift).
 */
export async function findMigrationDrift(provider: DatabaseProvider, baseUrl: string): Promise<string[]> {
  const fromHistory = await createTempDatabase(baseUrl, { prefix: "gavel_drift_a" });
  const fromSchema = await createTempDatabase(baseUrl, { prefix: "gavel_drift_b" });
  try {
    await deployMigrations(fromHistory.url);
    await executeScript(fromSchema.url, await sqlFromEmpty(provider, provider === "postgres" ? baseUrl : undefined));
    const [a, b] = await Promise.all([describeSchema(provider, fromHistory.url), describeSchema(provider, fromSchema.url)]);
    const inA = new Set(a);
    const inB = new Set(b);
    const present = new Set((await queryRows(fromHistory.url, RAW_OBJECTS[provider].present)).map((r) => String(r.name)));
    return [
      ...RAW_OBJECTS[provider].names.filter((name) => !present.has(name)).map((name) => `missing from the migration history: ${name}`),
      ...a.filter((line) => !inB.has(line)).map((line) => `only in the migration history: ${line}`),
      ...b.filter((line) => !inA.has(line)).map((line) => `only in the schema: ${line}`),
    ];
  } finally {
    await Promise.all([fromHistory.drop(), fromSchema.drop()]);
  }
}
