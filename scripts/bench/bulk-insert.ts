import { createHash } from "node:crypto";
import { bulkTransaction, insertStatement, type BulkTx, type Column } from "../../lib/db/bulk";

const ROWS_PER_STATEMENT = 1_000;
const ROWS_PER_TRANSACTION = 50_000;

/** A progress bar, already started at 0 of its total. */
export interface Progress {
  update(value: number): void;
  stop(): void;
}

/**
 * The seeded benchmarks' writer: `bulkInsert(title, table, columns, total, row)` inserts `total` rows
 * made by `row(i)`, 1,000 to a multi-row INSERT and 50,000 to a transaction (lib/db/bulk.ts), on the
 * progress bar `bar(title, total)` starts.
 */
export function bulkInserter(bar: (title: string, total: number) => Progress) {
  return async function bulkInsert(
    title: string,
    table: string,
    columns: Column[],
    total: number,
    row: (i: number, tx: BulkTx) => unknown[],
  ): Promise<void> {
    const progress = bar(title, total);
    for (let start = 0; start < total; start += ROWS_PER_TRANSACTION) {
      await bulkTransaction(async (tx) => {
        const end = Math.min(total, start + ROWS_PER_TRANSACTION);
        for (let i = start; i < end; i += ROWS_PER_STATEMENT) {
          const rows = Array.from({ length: Math.min(ROWS_PER_STATEMENT, end - i) }, (_, k) => row(i + k, tx));
          const [sql, params] = insertStatement(tx.provider, table, columns, rows);
          await tx.execute(sql, params);
        }
      });
      progress.update(Math.min(total, start + ROWS_PER_TRANSACTION));
    }
    progress.stop();
  };
}

/** The transcripts table's columns, in the order the seeded benchmarks give each row's values; `pg` adds PostgreSQL's casts. */
export const TRANSCRIPT_COLUMNS = (pg: boolean): Column[] => {
  const cast = (type: string) => (pg ? type : undefined);
  return [
    { name: "id" },
    { name: "content_hash" },
    { name: "source" },
    { name: "external_id" },
    { name: "kind", cast: cast('::"ItemKind"') },
    { name: "task_prompt" },
    { name: "final_output" },
    { name: "content", cast: cast("::jsonb") },
    { name: "size_bytes" },
    { name: "created_at", cast: cast("::timestamp(3)") },
  ];
};

/**
 * One row in TRANSCRIPT_COLUMNS' order: a binary JSONL transcript with `body` as its content. Its content
 * hash is of `hashOf`, a key unique per row (content_hash is a unique column), not of the body: cheaper.
 */
export function transcriptRow(t: {
  id: string;
  hashOf: string;
  externalId: string;
  prompt: string;
  output: string;
  body: string;
  createdAt: unknown;
}): unknown[] {
  const hash = createHash("sha256").update(t.hashOf).digest("hex");
  return [t.id, hash, "jsonl", t.externalId, "binary", t.prompt, t.output, t.body, t.body.length, t.createdAt];
}
