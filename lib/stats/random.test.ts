import { describe, expect, it } from "vitest";
import { mulberry32, randomIndex } from "./random";

const draw = (seed: number, count: number): number[] => {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, () => rng() * 2 ** 32);
};

describe("mulberry32", () => {
  // First outputs of Tommy Ettinger's reference mulberry32.c (uint32_t state), compiled and run locally.
  it("reproduces the C reference stream for seed 0", () => {
    expect(draw(0, 5)).toEqual([1144304738, 1416247, 958946056, 627933444, 2007157716]);
  });

  it("reproduces the C reference stream for seed 1", () => {
    expect(draw(1, 5)).toEqual([2693262067, 11749833, 2265367787, 4213581821, 4159151403]);
  });

  it("reproduces the C reference stream for seed 42", () => {
    expect(draw(42, 5)).toEqual([2581720956, 1925393290, 3661312704, 2876485805, 750819978]);
  });

  it("reduces a negative seed modulo 2^32, as the C uint32_t state does", () => {
    expect(draw(-1, 3)).toEqual(draw(2 ** 32 - 1, 3));
  });

  it("stays in [0, 1)", () => {
    const rng = mulberry32(123);
    const values = Array.from({ length: 10_000 }, rng);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
  });

  it("rejects a seed that is not an integer", () => {
    expect(() => mulberry32(0.5)).toThrow(/seed must be an integer/);
  });
});

describe("randomIndex", () => {
  it("draws every index of a small range and nothing outside it", () => {
    const rng = mulberry32(5);
    const seen = new Set(Array.from({ length: 1000 }, () => randomIndex(rng, 4)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });
});
