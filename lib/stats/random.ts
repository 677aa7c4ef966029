/**
 * A seeded pseudo-random number generator, so that a bootstrap interval is reproducible: the same seed gives the
 * same resamples on every machine and every run.
 */

/** Returns a number in [0, 1). */
export type Rng = () => number;

/**
 * mulberry32: a 32-bit state advanced by a Weyl sequence (state += 0x6D2B79F5) and mixed with two multiply-xorshift
 * rounds; output z ^ (z >>> 14) divided by 2^32, so every value is a multiple of 2^-32 in [0, 1).
 *
 * Source: Tommy Ettinger (2017), mulberry32.c (public domain), https://gist.github.com/tommyettinger/46a874533244883189143505d203312c ;
 * this is the usual JavaScript port (Math.imul for the 32-bit products). Period 2^32; fine for resampling, not for
 * cryptography.
 *
 * @param seed any integer; it is reduced modulo 2^32 (so seeds that differ by a multiple of 2^32 coincide).
 * @throws when the seed is not an integer.
 */
export function mulberry32(seed: number): Rng {
  let state = mulberry32State(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/** mulberry32's initial state for a seed, for a hot loop that inlines the generator (bootstrapKappaInterval). */
export function mulberry32State(seed: number): number {
  if (!Number.isInteger(seed)) throw new Error(`The seed must be an integer, got ${seed}.`);
  return Number(BigInt.asUintN(32, BigInt(seed)));
}

/** A uniform integer in [0, n) drawn from `rng` (floor of rng() · n; n well below 2^32 keeps the bias negligible). */
export function randomIndex(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}
