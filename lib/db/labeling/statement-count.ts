import "server-only";
import { createRequire } from "node:module";
import pg from "pg";

type Methods = Record<string, (...args: unknown[]) => unknown>;

/**
 * For `npm run bench:labeling` only: counts every statement this process sends to the database from
 * now on — on PostgreSQL each one is a round trip (BEGIN and COMMIT included), on SQLite each one a
 * statement run (prepared or taken from the connection's cache, lib/db/sqlite-statements.ts).
 * Patches the two drivers' prototypes, so call it before the first connection.
 */
export function countStatements(): { read(): number; reset(): void } {
  let count = 0;
  const wrap = (proto: Methods, name: string) => {
    const original = proto[name]!;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      count++;
      return original.apply(this, args);
    };
  };
  wrap(pg.Client.prototype as unknown as Methods, "query");
  // better-sqlite3's Statement class is not exported: its prototype is reached through one statement.
  const Sqlite = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => {
    prepare(sql: string): object;
    close(): void;
  };
  const scratch = new Sqlite(":memory:");
  const statement = Object.getPrototypeOf(scratch.prepare("SELECT 1")) as Methods;
  scratch.close();
  for (const run of ["run", "get", "all", "iterate"]) wrap(statement, run);
  return {
    read: () => count,
    reset: () => {
      count = 0;
    },
  };
}
