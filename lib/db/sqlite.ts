import "server-only";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { statementCache, type DriverStatement } from "./sqlite-statements";

/**
 * How long a statement waits for another connection's write lock before it fails ("Operation has timed
 * out"). better-sqlite3 waits synchronously, so a server waiting here answers nothing else meanwhile:
 * long writes beside a served app commit in short units (lib/db/write-units.ts).
 */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * The SQLite driver adapter for every Gavel connection (the Prisma client's and the bulk one), with
 * three changes.
 *
 * 1. Transactions begin IMMEDIATE instead of DEFERRED. A deferred transaction that reads first and
 *    writes later (find-then-create: imports, queue creation, seeding) holds a read snapshot; when
 *    another connection commits in between — the CLI, the app's other connection, a second worker —
 *    SQLite cannot upgrade it to a writer and fails at once with "database is locked", without waiting
 *    (SQLITE_BUSY_SNAPSHOT in WAL mode). Beginning IMMEDIATE takes the write lock up front, where the
 *    busy timeout applies: the transaction waits its turn instead of failing. SQLite has one writer at
 *    a time either way; readers are not blocked.
 * 2. A BEGIN that fails (the lock stayed taken past the busy timeout) gives the adapter's transaction
 *    mutex back. The adapter takes that mutex before its BEGIN and releases it only on commit or
 *    rollback, so a BEGIN that threw kept it for good: every later transaction of the process — each
 *    sign-in's session row among them — waited forever (found when a session write failed behind a held
 *    lock and the next one never returned; prisma/orm#29933 is the same adapter losing its transactions
 *    after a failed COMMIT).
 * 3. Statements are prepared once per connection and kept (lib/db/sqlite-statements.ts): the adapter
 *    compiles every statement it runs anew, and compiling was about a third of the server's CPU per
 *    label on the labeling hot path.
 *
 * The adapter has no option for any of them, so its connection's `prepare` is replaced (BEGIN
 * redirected, everything else through the cache) and its `startTransaction` wrapped; a Prisma upgrade
 * that changes those internals fails here loudly, not silently.
 */
export function sqliteAdapter(file: string, timeout = SQLITE_BUSY_TIMEOUT_MS): PrismaBetterSQLite3 {
  const factory = new PrismaBetterSQLite3({ url: file, timeout });
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const internals = adapter as unknown as {
      client?: { prepare?: (sql: string) => unknown };
      onError?: (error: unknown) => never;
    };
    const client = internals.client;
    if (typeof client?.prepare !== "function" || typeof internals.onError !== "function") {
      throw new Error(
        "The SQLite adapter's internals changed: lib/db/sqlite.ts cannot make its transactions IMMEDIATE nor keep its statements.",
      );
    }
    const prepare = statementCache(client.prepare.bind(client) as (sql: string) => DriverStatement);
    let failedBegin: { error: unknown } | null = null;
    const begin = {
      run: () => {
        try {
          return prepare("BEGIN IMMEDIATE").run();
        } catch (error) {
          // Reported by startTransaction below, once the adapter has handed over the mutex's release.
          failedBegin = { error };
          return { changes: 0 };
        }
      },
    };
    client.prepare = (sql: string) => (sql === "BEGIN" ? begin : prepare(sql));
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (...args) => {
      const transaction = await startTransaction(...args);
      if (failedBegin) {
        const { error } = failedBegin;
        failedBegin = null;
        // Only releases the mutex: no transaction began, so no ROLLBACK is sent.
        await transaction.rollback();
        internals.onError!(error);
      }
      return transaction;
    };
    return adapter;
  };
  return factory;
}
