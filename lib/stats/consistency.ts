/**
 * Self-consistency of an LLM judge: does its verdict survive swapping the order of the candidates, and does it stay
 * the same when the same prompt is asked again?
 */
import { assertSameLength } from "./confusion";

/**
 * Position consistency: the share of items whose winner is the same when the two candidates are presented in the
 * original and in the swapped order: the consistency measure Zheng et al. (2023), "Judging LLM-as-a-Judge with
 * MT-Bench and Chatbot Arena", use for position bias. `swapped[i]` must already be mapped back to the original
 * numbering.
 *
 * @returns n = items with both verdicts, consistent = items where they match, rate = consistent / n (null when
 *   n = 0), excluded = items where either verdict is null (skipped or errored), left out and counted.
 * @throws when the arrays differ in length.
 */
export function positionConsistency(
  original: readonly (string | null)[],
  swapped: readonly (string | null)[],
): { n: number; consistent: number; rate: number | null; excluded: number } {
  assertSameLength(original, swapped, "Original and swapped verdicts");
  let n = 0;
  let consistent = 0;
  let excluded = 0;
  original.forEach((verdict, i) => {
    const other = swapped[i];
    if (verdict === null || other === null || other === undefined) {
      excluded += 1;
      return;
    }
    n += 1;
    if (verdict === other) consistent += 1;
  });
  return { n, consistent, rate: n === 0 ? null : consistent / n, excluded };
}

/**
 * Flip rate over repeated judgements: per item, the verdicts of k repeats of the same request; an item flips when its
 * non-null verdicts are not all equal. Items with fewer than two non-null verdicts cannot flip or hold, so they are
 * left out of the denominator and counted in `excluded`.
 *
 * @returns items = items with ≥ 2 non-null verdicts, flipped = those that changed, rate = flipped / items (null when
 *   items = 0), excluded = items left out.
 */
export function flipRate(repeats: readonly (readonly (string | null)[])[]): {
  items: number;
  flipped: number;
  rate: number | null;
  excluded: number;
} {
  let items = 0;
  let flipped = 0;
  let excluded = 0;
  for (const verdicts of repeats) {
    const present = verdicts.filter((v): v is string => v !== null);
    if (present.length < 2) {
      excluded += 1;
      continue;
    }
    items += 1;
    if (present.some((v) => v !== present[0])) flipped += 1;
  }
  return { items, flipped, rate: items === 0 ? null : flipped / items, excluded };
}
