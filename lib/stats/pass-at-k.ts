/**
 * pass@k and pass^k for one task from n scored trials of which c passed.
 *
 * pass@k (Chen et al. 2021, "Evaluating Large Language Models Trained on Code", eq. 1) is the
 * unbiased estimator of the chance that at least one of k trials drawn without replacement from
 * the n passes:   pass@k = 1 − C(n − c, k) / C(n, k).
 * pass^k (Yao et al. 2024, τ-bench) is the chance that all k drawn trials pass:
 *                 pass^k = C(c, k) / C(n, k).
 *
 * Both are undefined when n < k (there are not k trials to draw): null, never 1.0 or 0.
 * The binomials are computed exactly with BigInt and the ratio is converted once, so the result
 * is accurate to double precision for n in the hundreds (where the doubles of C(n, k) overflow or
 * the 1 − x form cancels).
 */

function checkCounts(n: number, c: number, k: number): void {
  for (const [name, value] of [
    ["n", n],
    ["c", c],
    ["k", k],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  if (c > n) throw new RangeError(`c (${c}) cannot exceed n (${n})`);
  if (k < 1) throw new RangeError(`k must be at least 1, got ${k}`);
}

/** C(n, k) exactly; 0 when k > n. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const small = Math.min(k, n - k);
  let result = 1n;
  // Each partial product is itself a binomial coefficient, so the division is always exact.
  for (let i = 1; i <= small; i++) result = (result * BigInt(n - small + i)) / BigInt(i);
  return result;
}

const bitLength = (x: bigint) => x.toString(2).length;

/** num / den as the nearest double, for 0 ≤ num ≤ den, without overflowing either to Infinity. */
function ratio(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  if (num === den) return 1;
  // Scale the quotient to ~64 significant bits, then undo the scale in two steps (2 ** -shift alone
  // underflows for very large shifts).
  const shift = Math.max(0, bitLength(den) - bitLength(num) + 64);
  const q = Number((num << BigInt(shift)) / den);
  const half = Math.floor(shift / 2);
  return q * 2 ** -half * 2 ** -(shift - half);
}

/** Unbiased pass@k; null when fewer than k trials were scored. */
export function passAtK(n: number, c: number, k: number): number | null {
  checkCounts(n, c, k);
  if (n < k) return null;
  const total = binomial(n, k);
  return ratio(total - binomial(n - c, k), total);
}

/** pass^k: all k of k drawn trials pass; null when fewer than k trials were scored. */
export function passPowerK(n: number, c: number, k: number): number | null {
  checkCounts(n, c, k);
  if (n < k) return null;
  return ratio(binomial(c, k), binomial(n, k));
}
