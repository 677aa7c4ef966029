import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { databaseProvider, databaseUrl, sqliteFilePath } from "../database-url";
import { disconnectBulk } from "./bulk";
import { sqliteAdapter } from "./sqlite";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";
import { PrismaClient as PostgresClient } from "./generated/postgres/client.ts";

export { Prisma } from "./generated/sqlite/client.ts";
export type * from "./generated/sqlite/client.ts";

/**
 * Both generated clients share one API (they come from the same models); the SQLite one's
 * type stands for both.
 */
export type Db = SqliteClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const globalForDb = globalThis as unknown as { gavelDb?: { url: string; client: Db } };

function connect(url: string): Db {
  if (databaseProvider(url) === "postgres") {
    const adapter = new PrismaPg({ connectionString: url });
    return new PostgresClient({ adapter }) as unknown as Db;
  }
  // better-sqlite3 waits up to `timeout` ms for a lock held by another process (the CLI, a worker).
  const adapter = sqliteAdapter(sqliteFilePath(url));
  return new SqliteClient({ adapter });
}

/** The Prisma client for DATABASE_URL, created on first use (no connection at import time). */
export function db(): Db {
  const url = databaseUrl();
  const current = globalForDb.gavelDb;
  if (current && current.url === url) return current.client;
  if (current) void current.client.$disconnect();
  const client = connect(url);
  globalForDb.gavelDb = { url, client };
  return client;
}

/** Closes the connection pool; gives up after `timeoutMs` rather than hang on a stuck connection. */
export async function disconnectDb(timeoutMs = 5_000): Promise<void> {
  const current = globalForDb.gavelDb;
  globalForDb.gavelDb = undefined;
  await disconnectBulk();
  if (!current) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`[db] disconnect did not finish within ${timeoutMs} ms; leaving the pool to exit with the process`);
      resolve();
    }, timeoutMs);
    timer.unref();
  });
  await Promise.race([current.client.$disconnect(), timeout]);
  clearTimeout(timer);
}
