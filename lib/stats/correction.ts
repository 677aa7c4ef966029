/**
 * Correcting a pass rate measured by an imperfect judge for the judge's known error rates.
 */

function assertRate(name: string, value: number): void {
  if (!(Number.isFinite(value) && value >= 0 && value <= 1)) throw new Error(`${name} must be a proportion in [0, 1], got ${value}.`);
}

/**
 * Rogan–Gladen estimator of the true prevalence from the apparent one (Rogan & Gladen 1978, "Estimating prevalence
 * from the results of a screening test", American Journal of Epidemiology 107(1), 71–76):
 *
 *   π̂ = (p + TNR − 1) / (TPR + TNR − 1)
 *
 * where p is the share the judge calls positive and TPR/TNR its sensitivity/specificity against human labels.
 *
 * @returns corrected = null when TPR + TNR − 1 ≤ 0: a judge no better than chance (Youden's J ≤ 0) carries no
 *   information to invert. Otherwise the estimate, clipped to [0, 1] with clipped = true when it fell outside (the
 *   apparent rate is then inconsistent with the error rates, usually sampling noise in TPR/TNR).
 * @throws when an input is not a proportion in [0, 1].
 */
export function roganGladen(apparent: number, tpr: number, tnr: number): { corrected: number | null; clipped: boolean } {
  assertRate("apparent", apparent);
  assertRate("tpr", tpr);
  assertRate("tnr", tnr);
  const youden = tpr + tnr - 1;
  if (youden <= 0) return { corrected: null, clipped: false };
  // p − (1 − TNR): subtracting the false-positive rate keeps a perfect judge's estimate exactly p.
  const estimate = (apparent - (1 - tnr)) / youden;
  if (estimate < 0) return { corrected: 0, clipped: true };
  if (estimate > 1) return { corrected: 1, clipped: true };
  return { corrected: estimate, clipped: false };
}
