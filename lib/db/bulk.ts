import "server-only";
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { PrismaPg } from "@prisma/adapter-pg";
import { databaseProvider, databaseUrl, sqliteFilePath, type DatabaseProvider } from "../database-url";
import { sqliteAdapter } from "./sqlite";

/**
 * Bulk writes (trials, grader results, a suite version's tasks) go straight through the Prisma
 * driver adapter, with multi-row INSERTs, on a connection of their own. Measured here: createMany
 * costs about 0.7 ms of CPU per row, $executeRawUnsafe about 0.25 ms, the adapter about 0.03 ms —
 * and at thousands of trials per second that difference is the runner's throughput. Everything
 * else uses the Prisma client.
 */
export type Provider = DatabaseProvider;

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>> | Awaited<ReturnType<PrismaPg["connect"]>>;
type Queryable = Pick<Adapter, "executeRaw" | "queryRaw">;

export interface BulkTx {
  provider: Provider;
  execute(sql: string, params?: unknown[]): Promise<number>;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /**
   * SQLite only: a prepared statement on this transaction's connection, from the connection's cache
   * (lib/db/sqlite-statements.ts), run synchronously by better-sqlite3. For hot loops of one-row
   * writes: no argument descriptors or result conversion per row, as executing through the adapter makes.
   */
  statement?(sql: string): PreparedStatement;
}

/** The part of a better-sqlite3 statement the bulk writers use; parameters bind positionally. */
export interface PreparedStatement {
  run(params: unknown[]): { changes: number };
}

/** The adapter's connection, whose prepare lib/db/sqlite.ts put behind its statement cache. */
type SqliteClient = { prepare(sql: string): PreparedStatement };

const globalForBulk = globalThis as unknown as { gavelBulk?: { url: string; adapter: Promise<Adapter> } };

function connection(url: string): Promise<Adapter> {
  const current = globalForBulk.gavelBulk;
  if (current?.url === url) return current.adapter;
  if (current) void current.adapter.then((a) => a.dispose()).catch(() => undefined);
  const adapter: Promise<Adapter> =
    databaseProvider(url) === "postgres"
      ? // Imported for PostgreSQL only: pg and its adapter are no part of an SQLite command's start-up.
        import("@prisma/adapter-pg").then(({ PrismaPg }) => new PrismaPg({ connectionString: url }).connect())
      : sqliteAdapter(sqliteFilePath(url))
          .connect()
          .then(async (a) => {
            // WAL with synchronous=NORMAL: a commit no longer waits for an fsync (the database stays
            // consistent; a power cut may lose the last commits) and the web app reads while a run
            // writes. better-sqlite3 is synchronous, so every fsync saved is event-loop time.
            await a.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
            return a;
          });
  globalForBulk.gavelBulk = { url, adapter };
  return adapter;
}

export async function disconnectBulk(): Promise<void> {
  const current = globalForBulk.gavelBulk;
  globalForBulk.gavelBulk = undefined;
  if (current) await (await current.adapter).dispose();
}

const argTypes = (params: unknown[]) => params.map(() => ({ scalarType: "unknown" as const, arity: "scalar" as const, dbType: undefined }));

function bind(q: Queryable, provider: Provider): BulkTx {
  return {
    provider,
    execute: (sql, params = []) => q.executeRaw({ sql, args: params, argTypes: argTypes(params) } as never),
    async query(sql, params = []) {
      const result = await q.queryRaw({ sql, args: params, argTypes: argTypes(params) } as never);
      return result.rows.map((row) =>
        Object.fromEntries(result.columnNames.map((name, i) => [name, typeof row[i] === "bigint" ? Number(row[i]) : row[i]])),
      );
    },
  };
}

/** One statement on the bulk connection, outside any transaction (a read that needs no BEGIN/COMMIT round trips). */
export async function bulkQuery(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const url = databaseUrl();
  return bind(await connection(url), databaseProvider(url)).query(sql, params);
}

/** A unique constraint refused a write on the bulk connection (either driver adapter). */
export const isDriverUniqueViolation = (error: unknown) =>
  (error as { cause?: { kind?: string } } | null)?.cause?.kind === "UniqueConstraintViolation";

/** One write on the bulk connection, outside any transaction; returns the rows it changed. */
export async function bulkExecute(sql: string, params: unknown[] = []): Promise<number> {
  const url = databaseUrl();
  return bind(await connection(url), databaseProvider(url)).execute(sql, params);
}

/** Runs fn in one transaction on the bulk connection: all of it is written, or none. */
export async function bulkTransaction<T>(fn: (tx: BulkTx) => Promise<T>): Promise<T> {
  const url = databaseUrl();
  const provider = databaseProvider(url);
  const adapter = await connection(url);
  const tx = await adapter.startTransaction();
  const control = (sql: string) => tx.executeRaw({ sql, args: [], argTypes: [] } as never);
  const bound = bind(tx, provider);
  // The adapter's transaction holds its connection's lock (BEGIN IMMEDIATE ran): statements on that
  // same better-sqlite3 connection are inside it.
  const client = provider === "sqlite" ? (tx as unknown as { client?: SqliteClient }).client : undefined;
  if (typeof client?.prepare === "function") bound.statement = (sql) => client.prepare(sql);
  try {
    const result = await fn(bound);
    // The adapter leaves COMMIT / ROLLBACK to its caller (Prisma's engine, here us).
    await control("COMMIT");
    await tx.commit();
    return result;
  } catch (error) {
    await control("ROLLBACK").catch(() => undefined);
    await tx.rollback();
    throw error;
  }
}

export interface Column {
  name: string;
  /** PostgreSQL cast for the parameter (enums, jsonb, timestamps). */
  cast?: string;
}

/** A multi-row INSERT and its parameters. */
export function insertStatement(provider: Provider, table: string, columns: Column[], rows: unknown[][]): [string, unknown[]] {
  const params: unknown[] = [];
  const values = rows.map(
    (row) =>
      `(${row
        .map((value, i) => {
          params.push(value);
          return provider === "postgres" ? `$${params.length}${columns[i]!.cast ?? ""}` : "?";
        })
        .join(", ")})`,
  );
  return [`INSERT INTO "${table}" (${columns.map((c) => `"${c.name}"`).join(", ")}) VALUES ${values.join(", ")}`, params];
}

/** `IN (…)` placeholders for a list of parameters starting after `offset` others. */
export function placeholders(provider: Provider, count: number, offset = 0): string {
  return Array.from({ length: count }, (_, i) => (provider === "postgres" ? `$${offset + i + 1}` : "?")).join(", ");
}

/** SQLite allows 32,766 parameters per statement: callers chunk rows to stay well under it. */
export function chunks<T>(list: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
}

export const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Prisma keeps DateTime as UTC: ISO text with an offset in SQLite, timestamp(3) without zone in PostgreSQL. */
export const timestampParam = (provider: Provider, date: Date) =>
  provider === "postgres" ? date.toISOString().slice(0, 23) : date.toISOString().replace("Z", "+00:00");

/** Booleans as each driver binds them (better-sqlite3 takes no booleans). */
export const boolParam = (provider: Provider, value: boolean) => (provider === "postgres" ? value : value ? 1 : 0);
