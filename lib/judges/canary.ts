import { sha256 } from "../hash";
import { agreementReport } from "./agreement";
import { itemKind, kindCategories, type ItemKind } from "../items/kinds";
import { metricFor } from "./calibration";

/**
 * The canary re-check (pure parts). Before a run counts a gating judge, the judge re-judges a small
 * stratified sample of its bound gold test set; when the provider changed the model behind the same
 * name, the answers move, and the canary says so.
 *
 * The bar (defaults): the canary fails when the upper end of κ's Wald 95% interval on the sample is
 * below the gate's κ bar — even the most generous reading of these answers would not be approved —
 * or when more than 20% of its verdicts differ from the verdicts of the approved calibration on the
 * same items. Undefined numbers never pass.
 */
export interface CanaryItem {
  transcriptId: string;
  gold: string;
}

/**
 * A stratified sample of `size` gold items: each class gets its share of the sample (largest
 * remainder), at least one item while the sample has room, and within a class the items come in an
 * order fixed by a hash of the seed and the item, so the same approval always checks the same items.
 */
export function canarySample(gold: readonly CanaryItem[], size: number, seed: string): CanaryItem[] {
  if (size <= 0 || gold.length === 0) return [];
  if (size >= gold.length) return [...gold].sort(byHash(seed));
  const classes = new Map<string, CanaryItem[]>();
  for (const item of gold) classes.set(item.gold, [...(classes.get(item.gold) ?? []), item]);
  const names = [...classes.keys()].sort();
  const quota = names.map((name) => {
    const exact = (size * classes.get(name)!.length) / gold.length;
    return { name, take: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  // Every class present gets one item before any gets a second (when the sample has room for it).
  for (const q of quota) if (q.take === 0 && quota.reduce((s, x) => s + x.take, 0) < size) q.take = 1;
  let left = size - quota.reduce((s, q) => s + q.take, 0);
  for (const q of [...quota].sort((x, y) => y.rest - x.rest || x.name.localeCompare(y.name))) {
    if (left <= 0) break;
    if (q.take < classes.get(q.name)!.length) {
      q.take++;
      left--;
    }
  }
  return quota.flatMap((q) => [...classes.get(q.name)!].sort(byHash(seed)).slice(0, q.take)).sort(byHash(seed));
}

function byHash(seed: string) {
  return (a: CanaryItem, b: CanaryItem) => {
    const x = sha256(`${seed}/${a.transcriptId}`);
    const y = sha256(`${seed}/${b.transcriptId}`);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

export interface CanaryPair {
  transcriptId: string;
  gold: string;
  /** The approved calibration's verdict on this item (null: it had none). */
  approved: string | null;
  /** The canary's verdict (null: skipped or error). */
  canary: string | null;
}

export interface CanaryBar {
  minKappa: number;
  maxFlipRate: number;
}

export interface CanaryResult {
  /** Items with a canary verdict (they enter κ). */
  n: number;
  kappa: number | null;
  ci95: [number, number] | null;
  /** Items with both an approved and a canary verdict, and how many of them changed. */
  compared: number;
  flipped: number;
  flipRate: number | null;
  /** null: inconclusive (the judge gave no verdict at all). */
  passed: boolean | null;
  reasons: string[];
}

const fmt = (v: number | null) => (v === null ? "undefined" : v.toFixed(3));

export function evaluateCanary(kind: ItemKind, pairs: readonly CanaryPair[], bar: CanaryBar): CanaryResult {
  const judged = pairs.filter((p) => p.canary !== null);
  const compared = judged.filter((p) => p.approved !== null);
  const flipped = compared.filter((p) => p.approved !== p.canary).length;
  const flipRate = compared.length ? flipped / compared.length : null;
  if (judged.length === 0) {
    return {
      n: 0,
      kappa: null,
      ci95: null,
      compared: 0,
      flipped: 0,
      flipRate: null,
      passed: null,
      reasons: ["the judge gave no verdict on the canary"],
    };
  }
  const report = agreementReport(
    judged.map((p) => p.canary!),
    judged.map((p) => p.gold),
    { metric: metricFor(kind), categories: kindCategories(kind, null), positive: itemKind(kind).positive, bootstrapIterations: 200 },
  );
  const upper = report.ci95?.[1] ?? null;
  const reasons: string[] = [];
  if (upper === null || upper < bar.minKappa)
    reasons.push(
      `κ's upper 95% bound ${fmt(upper)} is below the gate's ${bar.minKappa.toFixed(2)} (κ ${fmt(report.value)} on ${judged.length} items)`,
    );
  if (flipRate === null) reasons.push("no canary verdict could be compared with the approved calibration's");
  else if (flipRate > bar.maxFlipRate)
    reasons.push(
      `${flipped} of ${compared.length} verdicts differ from the approved calibration's (flip rate ${fmt(flipRate)} > ${bar.maxFlipRate.toFixed(2)})`,
    );
  return {
    n: judged.length,
    kappa: report.value,
    ci95: report.ci95,
    compared: compared.length,
    flipped,
    flipRate,
    passed: reasons.length === 0,
    reasons,
  };
}

/** Is a passed canary still good? Only within its period, and only while the provider answers with the same fingerprint. */
export function canaryHolds(
  last: { outcome: string; createdAt: Date; fingerprint: string | null } | null,
  now: Date,
  cacheHours: number,
  probeFingerprint: string | null,
): boolean {
  if (!last || last.outcome !== "passed") return false;
  if (now.getTime() - last.createdAt.getTime() >= cacheHours * 3_600_000) return false;
  return probeFingerprint === null || last.fingerprint === null || probeFingerprint === last.fingerprint;
}
