/**
 * McNemar's exact test for paired binary outcomes (McNemar 1947, Psychometrika 12(2), 153–157), in its exact
 * conditional form: given the n = b + c discordant pairs, b ~ Binomial(n, 1/2) under the null hypothesis that both
 * conditions are right equally often. Two-sided p = min(1, 2 · P(X ≤ min(b, c))); the mid-p subtracts half the point
 * probability of the observed split (Fagerland, Lydersen & Laake 2013, "The McNemar test for binary matched-pairs
 * data: mid-p and asymptotic are better than exact conditional", BMC Medical Research Methodology 13:91).
 *
 * Here b and c are the items one judge version got right and the other wrong, and the reverse.
 */
export interface McNemarExact {
  b: number;
  c: number;
  /** Discordant pairs, b + c. */
  n: number;
  pValue: number;
  midP: number;
}

/** P(X = i) for X ~ Binomial(n, 1/2), i = 0..k, in log space so that n in the thousands does not underflow 2^−n. */
function halfBinomialPmf(n: number, k: number): number[] {
  const out: number[] = [];
  let logChoose = 0;
  const logHalfPow = -n * Math.LN2;
  for (let i = 0; i <= k; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i);
    out.push(Math.exp(logChoose + logHalfPow));
  }
  return out;
}

/**
 * @returns null when there are no discordant pairs (b + c = 0): nothing tells the two apart, so there is no test.
 * @throws when b or c is not a non-negative integer.
 */
export function mcnemarExact(b: number, c: number): McNemarExact | null {
  for (const [name, value] of [
    ["b", b],
    ["c", c],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${value}.`);
  }
  const n = b + c;
  if (n === 0) return null;
  const k = Math.min(b, c);
  const pmf = halfBinomialPmf(n, k);
  const tail = pmf.reduce((sum, p) => sum + p, 0);
  const pValue = Math.min(1, 2 * tail);
  const midP = Math.min(1, 2 * (tail - pmf[k]! / 2));
  return { b, c, n, pValue, midP };
}
