import { createRequire } from "node:module";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { databaseProvider, sqliteFilePath } from "../database-url";
import { withTestDatabase } from "../testing/test-database";
import { isDriverUniqueViolation } from "./bulk";
import { sqliteAdapter } from "./sqlite";
import { MAX_CACHED_SQL_LENGTH, STATEMENT_CACHE_SIZE, statementCache, type DriverStatement } from "./sqlite-statements";

const database = withTestDatabase();

/** The driver the adapter opens its connections with (one copy in node_modules). */
const Sqlite = createRequire(import.meta.url)("better-sqlite3") as { prototype: { prepare(sql: string): unknown } };

type Adapter = Awaited<ReturnType<ReturnType<typeof sqliteAdapter>["connect"]>>;
const argTypes = (args: unknown[]) => args.map(() => ({ scalarType: "unknown" as const, arity: "scalar" as const, dbType: undefined }));
const query = (on: Pick<Adapter, "queryRaw">, sql: string, args: unknown[] = []) =>
  on.queryRaw({ sql, args, argTypes: argTypes(args) } as never);
const execute = (on: Pick<Adapter, "executeRaw">, sql: string, args: unknown[] = []) =>
  on.executeRaw({ sql, args, argTypes: argTypes(args) } as never);
/** The adapter's connection, whose prepare lib/db/sqlite.ts replaced (what BulkTx.statement uses). */
const connection = (adapter: Adapter) =>
  (adapter as unknown as { client: { prepare(sql: string): { run(args: unknown[]): { changes: number } } } }).client;

describe.runIf(databaseProvider(process.env.DATABASE_URL ?? "file:") === "sqlite")("SQLite statement cache", () => {
  let adapter: Adapter;
  let prepared: MockInstance<(sql: string) => unknown>;
  /** How often the driver compiled this SQL. */
  const compiled = (sql: string) => prepared.mock.calls.filter(([text]) => text === sql).length;

  beforeEach(async () => {
    // Spied before connecting: the adapter's connection binds the driver's prepare when it opens.
    prepared = vi.spyOn(Sqlite.prototype, "prepare");
    adapter = await sqliteAdapter(sqliteFilePath(database.url())).connect();
    await adapter.executeScript(
      `DROP TABLE IF EXISTS "cache_test"; CREATE TABLE "cache_test" ("key" TEXT PRIMARY KEY, "value" INTEGER NOT NULL);`,
    );
  });
  afterEach(async () => {
    await adapter.dispose();
    prepared.mockRestore();
  });

  it("prepares the same SQL once, and each run answers for its own arguments", async () => {
    const insert = `INSERT INTO "cache_test" ("key", "value") VALUES (?, ?)`;
    await execute(adapter, insert, ["cache-a", "1"]);
    await execute(adapter, insert, ["cache-b", "2"]);
    const read = `SELECT "key", "value" FROM "cache_test" WHERE "key" = ?`;
    // Integers come back as text, as the adapter has always given them (its connection reads safe integers).
    expect((await query(adapter, read, ["cache-a"])).rows).toEqual([["cache-a", "1"]]);
    expect((await query(adapter, read, ["cache-b"])).rows).toEqual([["cache-b", "2"]]);
    expect((await query(adapter, read, ["cache-none"])).rows).toEqual([]);
    expect([compiled(insert), compiled(read)]).toEqual([1, 1]);
  });

  it("runs a statement read in raw mode, then run without reading, then read again", async () => {
    await execute(adapter, `INSERT INTO "cache_test" ("key", "value") VALUES ('cache-count', 0)`);
    const bump = `UPDATE "cache_test" SET "value" = "value" + 1 WHERE "key" = ? RETURNING "value"`;
    expect((await query(adapter, bump, ["cache-count"])).rows).toEqual([["1"]]);
    expect(connection(adapter).prepare(bump).run(["cache-count"]).changes).toBe(1);
    expect(await execute(adapter, bump, ["cache-count"])).toBe(1);
    const again = await query(adapter, bump, ["cache-count"]);
    expect(again.columnNames).toEqual(["value"]);
    expect(again.rows).toEqual([["4"]]);
    expect(compiled(bump)).toBe(1);
  });

  it("a statement that failed runs again with other arguments, and its error is still the driver's", async () => {
    const insert = `INSERT INTO "cache_test" ("key", "value") VALUES (?, 1)`;
    await execute(adapter, insert, ["cache-twice"]);
    const failed = await execute(adapter, insert, ["cache-twice"]).catch((error: unknown) => error);
    expect(isDriverUniqueViolation(failed)).toBe(true);
    await execute(adapter, insert, ["cache-other"]);
    expect((await query(adapter, `SELECT COUNT(*) FROM "cache_test"`)).rows).toEqual([["2"]]);
  });

  it("keeps at most STATEMENT_CACHE_SIZE statements, dropping the least recently used, and never very long SQL", async () => {
    const nth = (i: number) => `SELECT ${i} AS "n"`;
    for (let i = 0; i < STATEMENT_CACHE_SIZE; i++) await query(adapter, nth(i));
    await query(adapter, nth(0)); // used again: now the most recent
    await query(adapter, nth(STATEMENT_CACHE_SIZE)); // one over: nth(1), the least recently used, goes
    await query(adapter, nth(0));
    await query(adapter, nth(2));
    expect([compiled(nth(0)), compiled(nth(2)), compiled(nth(STATEMENT_CACHE_SIZE))]).toEqual([1, 1, 1]);
    await query(adapter, nth(1));
    expect(compiled(nth(1))).toBe(2);
    const long = `SELECT 1 AS "n" /* ${"x".repeat(MAX_CACHED_SQL_LENGTH)} */`;
    expect((await query(adapter, long)).rows).toEqual([["1"]]);
    expect((await query(adapter, long)).rows).toEqual([["1"]]);
    expect(compiled(long)).toBe(2);
  });

  it("a statement kept from before a schema change answers for the schema after it", async () => {
    await execute(adapter, `INSERT INTO "cache_test" ("key", "value") VALUES ('cache-a', 1)`);
    const all = `SELECT * FROM "cache_test"`;
    expect((await query(adapter, all)).columnNames).toEqual(["key", "value"]);
    await adapter.executeScript(`ALTER TABLE "cache_test" ADD COLUMN "note" TEXT DEFAULT 'new'`);
    const after = await query(adapter, all);
    expect(after.columnNames).toEqual(["key", "value", "note"]);
    expect(after.rows).toEqual([["cache-a", "1", "new"]]);
  });

  it("begins every transaction IMMEDIATE through one statement", async () => {
    for (let i = 0; i < 2; i++) {
      const transaction = await adapter.startTransaction();
      await execute(transaction, `INSERT INTO "cache_test" ("key", "value") VALUES (?, 1)`, [`cache-tx-${i}`]);
      await execute(transaction, "COMMIT");
      await transaction.commit();
    }
    expect(compiled("BEGIN IMMEDIATE")).toBe(1);
    expect(compiled("BEGIN")).toBe(0);
    expect((await query(adapter, `SELECT COUNT(*) FROM "cache_test"`)).rows).toEqual([["2"]]);
  });
});

describe("statementCache", () => {
  it("refuses a size that is not a positive integer", () => {
    const prepare = (): DriverStatement => {
      throw new Error("not called");
    };
    expect(() => statementCache(prepare, 0)).toThrow(/statementCache: size must be a positive integer, not 0/);
    expect(() => statementCache(prepare, 1.5)).toThrow(/not 1.5/);
  });
});
