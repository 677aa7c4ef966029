/**
 * A pairwise judge asked in both orders: its accuracy in each order against the gold labels, with
 * errors (unparseable verdicts) counted and, as LLMBar's authors count them, as wrong. That makes
 * the per-order figures comparable with the upstream statistics.json; κ leaves errors out instead
 * (see docs/judges.md) and both are shown.
 */
export interface OrderVerdict {
  transcriptId: string;
  order: string;
  repeat: number;
  status: string;
  value: string | null;
}

export interface OrderAccuracy {
  /** Gold items. */
  total: number;
  /** Items whose verdict in this order equals the gold label. */
  correct: number;
  /** Items whose verdict in this order is an error (or missing). */
  errors: number;
  /** correct / total: errors count as wrong. null when there are no items. */
  accuracy: number | null;
  /** correct / (total − errors): the share right among the answers that parsed. */
  answeredAccuracy: number | null;
}

export function accuracyByOrder(
  gold: readonly { transcriptId: string; value: string }[],
  verdicts: readonly OrderVerdict[],
): { original: OrderAccuracy; swapped: OrderAccuracy } {
  const first = new Map(verdicts.filter((v) => v.repeat === 0).map((v) => [`${v.transcriptId}/${v.order}`, v]));
  const of = (order: "original" | "swapped"): OrderAccuracy => {
    let correct = 0;
    let errors = 0;
    for (const item of gold) {
      const v = first.get(`${item.transcriptId}/${order}`);
      if (!v || v.status !== "ok" || v.value === null) errors++;
      else if (v.value === item.value) correct++;
    }
    const total = gold.length;
    return {
      total,
      correct,
      errors,
      accuracy: total === 0 ? null : correct / total,
      answeredAccuracy: total - errors === 0 ? null : correct / (total - errors),
    };
  };
  return { original: of("original"), swapped: of("swapped") };
}
