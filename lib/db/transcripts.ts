import "server-only";
import { randomUUID } from "node:crypto";
import { contentHash } from "../hash";
import type { ParsedTranscript } from "../schemas/transcripts";
import { db, type Db, type Tx } from "./client";

/**
 * The one write path for transcripts. Callers validate their whole input first (every importer
 * reports every bad line before calling this); this writes all of it in one transaction or none.
 * An item's identity is the hash of its content, so importing the same file again adds nothing.
 */
export interface ImportResult {
  /** The transcript id for every input item, in input order (new or already stored). */
  ids: string[];
  created: number;
  existing: number;
}

/**
 * An item's columns that a reviewer or a judge sees (beside its content), as stored: the same fields are hashed
 * for its identity and written to its row, so a column added to one cannot be left out of the other.
 */
function seenColumns(item: ParsedTranscript) {
  return {
    externalId: item.externalId ?? null,
    kind: item.kind,
    taskPrompt: item.taskPrompt,
    rubric: item.rubric ?? null,
    criterion: item.criterion ?? null,
    finalOutput: item.finalOutput ?? null,
  };
}

/** What makes two items the same item: everything a reviewer or a judge sees, not where it came from. */
export function transcriptHash(item: ParsedTranscript): string {
  return contentHash({ transcript: 1, ...seenColumns(item), content: item.content });
}

const CHUNK = 500;

/** Writes the items (inside `tx` when given, else in a transaction of its own). */
export async function importTranscripts(items: ParsedTranscript[], tx?: Tx): Promise<ImportResult> {
  if (tx) return write(tx, items);
  return db().$transaction((inner) => write(inner, items), { timeout: 120_000, maxWait: 20_000 });
}

async function write(tx: Tx | Db, items: ParsedTranscript[]): Promise<ImportResult> {
  const hashes = items.map(transcriptHash);
  const unique = [...new Set(hashes)];
  const found = new Map<string, string>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await tx.transcript.findMany({
      where: { contentHash: { in: unique.slice(i, i + CHUNK) } },
      select: { id: true, contentHash: true },
    });
    for (const row of rows) found.set(row.contentHash, row.id);
  }
  const existing = found.size;
  const pending = new Map<string, ParsedTranscript>();
  hashes.forEach((hash, index) => {
    if (!found.has(hash) && !pending.has(hash)) pending.set(hash, items[index]!);
  });
  const toCreate = [...pending.entries()];
  for (let i = 0; i < toCreate.length; i += CHUNK) {
    const data = toCreate.slice(i, i + CHUNK).map(([hash, item]) => ({
      // The id is made here, so the new rows need no second read to learn it.
      id: randomUUID(),
      contentHash: hash,
      source: item.source,
      trialId: item.trialId ?? null,
      ...seenColumns(item),
      content: item.content as object,
      sizeBytes: Buffer.byteLength(JSON.stringify(item.content)),
    }));
    await tx.transcript.createMany({ data });
    for (const row of data) found.set(row.contentHash, row.id);
  }
  return { ids: hashes.map((hash) => found.get(hash)!), created: toCreate.length, existing };
}
