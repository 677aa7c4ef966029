import { orderKey } from "./items";

/**
 * "Most informative first" for the dev split, the one reviewers may see out of random order (the test split stays a
 * probability sample, in hash order): items where what the judges already say is in doubt come first.
 */
export interface ItemSignals {
  /** A judge's repeated answers on the item differ. */
  repeatsDisagree: boolean;
  /** Two judge versions answer differently. */
  versionsDisagree: boolean;
  /** A judge's answer differs from the current majority of human labels. */
  differsFromHumans: boolean;
  /** Pairwise: a judge's winner changes when the outputs swap places. */
  flipsWithOrder: boolean;
}

export interface VerdictSignal {
  versionId: string;
  order: string;
  repeat: number;
  value: string;
}

/** The signals of one item from its ok verdicts (every judge version) and its human labels. */
export function signalsOf(verdicts: readonly VerdictSignal[], humanLabels: readonly string[]): ItemSignals {
  const byVersion = new Map<string, VerdictSignal[]>();
  for (const v of verdicts) byVersion.set(v.versionId, [...(byVersion.get(v.versionId) ?? []), v]);
  const firsts = [...byVersion.values()]
    .map((vs) => vs.find((v) => v.order === "original" && v.repeat === 0))
    .filter((v) => v !== undefined);
  const counts = new Map<string, number>();
  for (const label of humanLabels) counts.set(label, (counts.get(label) ?? 0) + 1);
  const top = [...counts.entries()].sort((x, y) => y[1] - x[1]);
  // A majority needs a single most common label.
  const majority = top.length > 0 && (top.length === 1 || top[0]![1] > top[1]![1]) ? top[0]![0] : null;
  return {
    repeatsDisagree: [...byVersion.values()].some((vs) => new Set(vs.filter((v) => v.order === "original").map((v) => v.value)).size > 1),
    versionsDisagree: new Set(firsts.map((v) => v.value)).size > 1,
    differsFromHumans: majority !== null && firsts.some((v) => v.value !== majority),
    flipsWithOrder: [...byVersion.values()].some((vs) => {
      const original = vs.find((v) => v.order === "original" && v.repeat === 0);
      const swapped = vs.find((v) => v.order === "swapped" && v.repeat === 0);
      return original !== undefined && swapped !== undefined && original.value !== swapped.value;
    }),
  };
}

/** How many signals an item raises (0–4). */
export function informativeness(s: ItemSignals): number {
  return Number(s.repeatsDisagree) + Number(s.versionsDisagree) + Number(s.differsFromHumans) + Number(s.flipsWithOrder);
}

/**
 * The dev item's order key: its usual hash key, prefixed so items with more signals sort first ("0000" then 9 − score:
 * ahead of every hash key but the rare one that itself starts with four zeros — an order, not a rule). Digits only, so
 * byte order and every database collation agree.
 */
export function devOrderKey(queueId: string, transcriptId: string, score: number): string {
  const base = orderKey(queueId, transcriptId);
  return score > 0 ? `0000${9 - Math.min(score, 9)}${base}` : base;
}
