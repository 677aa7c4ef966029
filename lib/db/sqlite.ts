import "server-only";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

/**
 * The SQLite driver adapter for every Gavel connection (the Prisma client's and the bulk one), with
 * one change: transactions begin IMMEDIATE instead of DEFERRED.
 *
 * A deferred transaction that reads first and writes later (find-then-create: imports, queue
 * creation, seeding) holds a read snapshot; when another connection commits in between — the CLI,
 * the app's other connection, a second worker — SQLite cannot upgrade it to a writer and fails at
 * once with "database is locked", without waiting (SQLITE_BUSY_SNAPSHOT in WAL mode). Beginning
 * IMMEDIATE takes the write lock up front, where the busy timeout applies: the transaction waits its
 * turn instead of failing. SQLite has one writer at a time either way; readers are not blocked.
 *
 * The adapter has no option for this, so its connection's `prepare("BEGIN")` is redirected; a
 * Prisma upgrade that changes those internals fails here loudly, not silently.
 */
export function sqliteAdapter(file: string): PrismaBetterSQLite3 {
  const factory = new PrismaBetterSQLite3({ url: file, timeout: 10_000 });
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const client = (adapter as unknown as { client?: { prepare?: (sql: string) => unknown } }).client;
    if (typeof client?.prepare !== "function") {
      throw new Error("The SQLite adapter's internals changed: lib/db/sqlite.ts cannot make its transactions IMMEDIATE.");
    }
    const prepare = client.prepare.bind(client);
    client.prepare = (sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql);
    return adapter;
  };
  return factory;
}
