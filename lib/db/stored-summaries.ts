import "server-only";
import { db } from "./client";

/**
 * A page's summary of many rows, stored beside the data (in `settings`, key `summary:<name>`) with the fingerprint
 * of what it was computed from: HANNA's table summarises 240 calibrations and 17,000 ratings, its "as published"
 * table 100,000 verdicts. Kept in memory only, each server process paid for it on its first view after every start
 * (300 ms to a second: README, "Pages"); stored, it is computed once per change of the data — by the import that
 * wrote the data, or by the first view after a change — and every later process reads one row.
 *
 * The fingerprint decides, never the age: a stored summary is used only while the fingerprint computed from the data
 * now equals the one it was stored with, so it is never older than the data. `version` stands for the code that
 * computes it: bump it when that changes what a summary holds, and every stored one is computed again.
 */
export interface StoredSummary<T> {
  /** The summary of the data as it is now: from memory, else the stored row, else computed (and stored). */
  get(): Promise<T>;
  /** Computes and stores the summary unless the stored one is current: what a write of the data calls when it ends. */
  refresh(): Promise<void>;
}

const key = (name: string) => `summary:${name}`;

async function readStored(name: string): Promise<{ fingerprint: string; data: unknown } | null> {
  const row = await db().setting.findUnique({ where: { key: key(name) }, select: { value: true } });
  const value = row?.value as { fingerprint?: unknown; json?: unknown } | null | undefined;
  if (!value || typeof value.fingerprint !== "string" || typeof value.json !== "string") return null;
  return { fingerprint: value.fingerprint, data: JSON.parse(value.json) };
}

/**
 * The summary goes in as JSON text inside the setting's JSON value, not as a JSON value of its own: Prisma's engine
 * reads a JSON column's numbers back off by an ulp now and then (a ceiling of -0.19722595078299773 came back as
 * -0.1972259507829977 on SQLite), and a stored summary must give exactly what computing it gives.
 */
async function writeStored(name: string, fingerprint: string, data: unknown): Promise<void> {
  const value = { fingerprint, json: JSON.stringify(data) };
  await db().setting.upsert({ where: { key: key(name) }, update: { value }, create: { key: key(name), value } });
}

export function storedSummary<T>(
  name: string,
  options: { version: number; fingerprint: () => Promise<string>; compute: () => Promise<T> },
): StoredSummary<T> {
  let memory: { print: string; value: Promise<T> } | null = null;
  const print = async () => `v${options.version}:${await options.fingerprint()}`;

  return {
    async get() {
      const now = await print();
      if (memory?.print === now) return memory.value;
      const value = (async () => {
        const stored = await readStored(name);
        if (stored?.fingerprint === now) return stored.data as T;
        const data = await options.compute();
        // Storing spares the next process the computation; the page does not need it, so a failed write is said, not thrown.
        await writeStored(name, now, data).catch((error: unknown) =>
          console.warn(`[gavel] Could not store the ${name} summary: ${error instanceof Error ? error.message : String(error)}`),
        );
        return data;
      })();
      memory = { print: now, value };
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (memory?.value === value) memory = null;
      });
      return value;
    },
    async refresh() {
      const now = await print();
      const stored = await readStored(name);
      if (stored?.fingerprint === now) return;
      const data = await options.compute();
      await writeStored(name, now, data);
      memory = { print: now, value: Promise.resolve(data) };
    },
  };
}
