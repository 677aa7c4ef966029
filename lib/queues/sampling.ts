import { sha256 } from "../hash";

/**
 * Stratified draws for "Label more for this judge": how many items to take from each stratum (the judge's verdict)
 * and which ones. Pure and seeded, so a draw is the same on every machine.
 */
export interface StratumSize {
  name: string;
  /** Items in the stratum that can still be drawn. */
  available: number;
}

/**
 * Splits `total` draws across strata. First each stratum with a minimum gets it (capped by what it has): that is how
 * the rare class reaches its per-class minimum with the fewest labels — its items are drawn from the judge's verdict
 * for that class, where they concentrate. The rest goes to the strata in proportion to what they have left
 * (largest remainders), and every non-empty stratum gets at least one item so each has a weight to estimate with.
 */
export function allocate(
  strata: readonly StratumSize[],
  total: number,
  minimums: Readonly<Record<string, number>> = {},
): Record<string, number> {
  if (!Number.isInteger(total) || total < 0) throw new Error(`The number to draw must be a non-negative integer, got ${total}.`);
  const take: Record<string, number> = Object.fromEntries(strata.map((s) => [s.name, 0]));
  const room = (s: StratumSize) => s.available - take[s.name]!;
  for (const s of strata) take[s.name] = Math.min(s.available, Math.max(0, Math.ceil(minimums[s.name] ?? 0)));
  for (const s of strata) if (total > 0 && s.available > 0 && take[s.name] === 0) take[s.name] = 1;
  let left = total - Object.values(take).reduce((a, b) => a + b, 0);
  const open = () => strata.filter((s) => room(s) > 0);
  while (left > 0 && open().length > 0) {
    const pool = open();
    const rest = pool.reduce((a, s) => a + room(s), 0);
    const shares = pool.map((s) => ({ s, exact: (left * room(s)) / rest }));
    let given = 0;
    for (const { s, exact } of shares) {
      const n = Math.min(room(s), Math.floor(exact));
      take[s.name]! += n;
      given += n;
    }
    // Largest remainders get the units the floors left over, one each.
    const order = shares.sort((x, y) => y.exact - Math.floor(y.exact) - (x.exact - Math.floor(x.exact)) || (x.s.name < y.s.name ? -1 : 1));
    for (const { s } of order) {
      if (given >= left) break;
      if (room(s) > 0) {
        take[s.name]! += 1;
        given += 1;
      }
    }
    if (given === 0) break;
    left -= given;
  }
  return take;
}

/** `count` ids chosen without replacement: the ones with the smallest sha256(seed, id). Same seed, same choice. */
export function seededPick(ids: readonly string[], count: number, seed: string): string[] {
  return [...ids]
    .map((id) => ({ id, key: sha256(`draw\0${seed}\0${id}`) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, Math.max(0, count))
    .map((e) => e.id);
}

/**
 * Inclusion probability of every item drawn from a stratum after all its draws: successive simple random draws
 * without replacement from what is left are one simple random draw of their total, so π_h = drawn_h / N_h with N_h the
 * stratum's items, drawn or not.
 */
export function inclusionProbability(drawn: number, population: number): number {
  if (!(population > 0) || drawn < 0 || drawn > population) throw new Error(`Cannot draw ${drawn} of ${population}.`);
  return drawn / population;
}
