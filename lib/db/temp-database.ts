import "server-only";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { databaseProvider, sqliteFilePath, type DatabaseProvider } from "../database-url";

export interface TempDatabase {
  url: string;
  provider: DatabaseProvider;
  drop(): Promise<void>;
}

/** The same server and credentials as `url`, another database name. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, "")) || "postgres";
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** CREATE DATABASE on the server behind `serverUrl` (CI's PostgreSQL pass). */
export async function createPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
}

export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

/**
 * A fresh, empty (or copied) database beside `baseUrl`: a new file for SQLite, a new database on the
 * same server for PostgreSQL (cloned from `template` when given). drop() removes it.
 */
export async function createTempDatabase(baseUrl: string, options: { prefix?: string; template?: string } = {}): Promise<TempDatabase> {
  const provider = databaseProvider(baseUrl);
  const name = `${options.prefix ?? "gavel_tmp"}_${randomBytes(6).toString("hex")}`;
  if (provider === "sqlite") {
    const dir = path.join(os.tmpdir(), "gavel-db");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.db`);
    if (options.template) copyFileSync(sqliteFilePath(options.template), file);
    return {
      url: `file:${file}`,
      provider,
      async drop() {
        for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
      },
    };
  }
  const template = options.template ? ` TEMPLATE ${quoteIdent(databaseName(options.template))}` : "";
  await withAdminClient(baseUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}${template}`));
  const url = withDatabaseName(baseUrl, name);
  return {
    url,
    provider,
    async drop() {
      await withAdminClient(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    },
  };
}

/** Runs a multi-statement SQL script against a database. */
export async function executeScript(url: string, sql: string): Promise<void> {
  if (databaseProvider(url) === "postgres") {
    await withAdminClient(url, (client) => client.query(sql));
    return;
  }
  const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
  const adapter = await new PrismaBetterSQLite3({ url: sqliteFilePath(url) }).connect();
  try {
    await adapter.executeScript(sql);
  } finally {
    await adapter.dispose();
  }
}

/** Rows of a read-only catalog query, as plain objects. */
export async function queryRows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  if (databaseProvider(url) === "postgres") {
    return withAdminClient(url, async (client) => (await client.query(sql)).rows);
  }
  const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
  const adapter = await new PrismaBetterSQLite3({ url: sqliteFilePath(url) }).connect();
  try {
    const result = await adapter.queryRaw({ sql, args: [], argTypes: [] });
    return result.rows.map((row) => Object.fromEntries(result.columnNames.map((name, i) => [name, normalise(row[i])])));
  } finally {
    await adapter.dispose();
  }
}

function normalise(value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value;
}
