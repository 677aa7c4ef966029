import "server-only";
import { createRequire } from "node:module";
import pg from "pg";

type Methods = Record<string, (...args: unknown[]) => unknown>;

/**
 * For `npm run bench:labeling` only: counts every statement this process sends to the database from
 * now on — on PostgreSQL each one is a round trip (BEGIN and COMMIT included), on SQLite each one a
 * prepared statement. Patches the two drivers' prototypes, so call it before the first connection.
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
  const sqlite = createRequire(import.meta.url)("better-sqlite3") as { prototype: Methods };
  wrap(sqlite.prototype, "prepare");
  return {
    read: () => count,
    reset: () => {
      count = 0;
    },
  };
}
