import "server-only";

/**
 * Prepared statements kept per SQLite connection, so a statement sent again is not compiled again.
 *
 * The driver adapter prepares every statement it is given anew (`client.prepare(sql).bind(args)`),
 * and compiling costs more than running: on the labeling hot path 30–120 µs a statement against
 * 5–60 µs to run it, about a third of the server's CPU per label. better-sqlite3's `bind()` fixes a
 * statement's parameters for its whole life, so a statement shared between calls is never bound:
 * each run passes its arguments (`run(args)`, `raw(true).all(args)`). Raw mode is sticky, so every
 * read here sets it; nothing reads a cached statement any other way.
 */

/** The part of a better-sqlite3 statement used here. */
export interface DriverStatement {
  readonly reader: boolean;
  run(...params: unknown[]): { changes: number };
  all(...params: unknown[]): unknown[];
  raw(toggle?: boolean): DriverStatement;
  columns(): { name: string; type: string | null }[];
}

/** At most this many statements per connection; the least recently used one goes first. */
export const STATEMENT_CACHE_SIZE = 256;
/**
 * Longer SQL is prepared every time, never kept: multi-row INSERTs of hundreds of rows compile to
 * large programs and are rarely sent twice with the same row count.
 */
export const MAX_CACHED_SQL_LENGTH = 10_000;

/** A statement run with its arguments each time: the adapter's `bind(args)` gives a one-use handle. */
export class ReusableStatement {
  constructor(private readonly statement: DriverStatement) {}

  get reader(): boolean {
    return this.statement.reader;
  }

  /** Runs it (a reader's rows are discarded): the bulk writers' one-row statements (BulkTx.statement). */
  run(args: unknown[] = []): { changes: number } {
    return this.statement.run(args);
  }

  /** What the adapter does with a statement it prepared: `bind(args)`, then `run()`, or `columns()` and `raw().all()` for a reader. */
  bind(args: unknown[]): BoundStatement {
    return new BoundStatement(this.statement, args);
  }
}

/**
 * One use of a kept statement with its arguments. The rows are read first, when the adapter asks for
 * the columns: a statement kept from before a schema change is compiled again by its run, and only
 * then do its columns describe its rows (a `SELECT *` after ADD COLUMN, by this connection or another
 * process). A class, not closures: it is made for every statement the server runs.
 */
class BoundStatement {
  private rows: unknown[] | undefined;

  constructor(
    private readonly statement: DriverStatement,
    private readonly args: unknown[],
  ) {}

  get reader(): boolean {
    return this.statement.reader;
  }

  run(): { changes: number } {
    return this.statement.run(this.args);
  }

  columns(): { name: string; type: string | null }[] {
    this.all();
    return this.statement.columns();
  }

  raw(): this {
    return this;
  }

  all(): unknown[] {
    return (this.rows ??= this.statement.raw(true).all(this.args));
  }
}

/** The connection's own `prepare` behind a bounded cache (a Map keeps insertion order: its first key is the oldest). */
export function statementCache(prepare: (sql: string) => DriverStatement, size = STATEMENT_CACHE_SIZE): (sql: string) => ReusableStatement {
  if (!Number.isInteger(size) || size < 1) throw new Error(`statementCache: size must be a positive integer, not ${size}.`);
  const kept = new Map<string, ReusableStatement>();
  return (sql) => {
    const known = kept.get(sql);
    if (known) {
      kept.delete(sql);
      kept.set(sql, known);
      return known;
    }
    const statement = new ReusableStatement(prepare(sql));
    if (sql.length <= MAX_CACHED_SQL_LENGTH) {
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
      kept.set(sql, statement);
    }
    return statement;
  };
}
