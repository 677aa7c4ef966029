import { sha256 } from "../hash";

/**
 * How a queue orders and splits its items, and how a run's passing trials are sampled: all from
 * hashes, so the same inputs give the same answer on every machine, and adding items later never
 * moves the ones already there.
 */

/** QueueItem.orderKey: sha256(queueId + transcriptId), a stable pseudo-random order. */
export function orderKey(queueId: string, transcriptId: string): string {
  return sha256(queueId + transcriptId);
}

/** A number in [0, 1) from the first 52 bits of a sha256. */
export function hashUnit(text: string): number {
  return parseInt(sha256(text).slice(0, 13), 16) / 2 ** 52;
}

/**
 * QueueItem.split: test when the item's hash falls below the queue's test fraction. Each item is
 * decided on its own, so the share of test items is testFraction on average (not exactly, for few items).
 */
export function splitFor(queueId: string, transcriptId: string, testFraction: number): "dev" | "test" {
  return hashUnit(`split\0${queueId}\0${transcriptId}`) < testFraction ? "test" : "dev";
}

/**
 * A seeded sample of round(fraction × n) ids (at least one when fraction > 0 and there are any):
 * the ids with the smallest hash of (seed, id). The same seed and ids give the same sample.
 */
export function seededSample(ids: readonly string[], fraction: number, seed: string | number): string[] {
  if (fraction <= 0 || ids.length === 0) return [];
  if (fraction >= 1) return [...ids];
  const count = Math.max(1, Math.round(fraction * ids.length));
  const chosen = new Set(
    [...ids]
      .map((id) => ({ id, key: sha256(`sample\0${seed}\0${id}`) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, count)
      .map((e) => e.id),
  );
  return ids.filter((id) => chosen.has(id));
}
