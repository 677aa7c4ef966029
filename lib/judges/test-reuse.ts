/**
 * Test-split reuse across a judge family. The held-out test split is worth what its freshness is worth: every
 * version calibrated on it is another look, and a team that picks among many versions by their test κ tunes on
 * the test split as surely as on dev (the "garden of forking paths" of model selection). Gavel counts the versions
 * of a judge calibrated on each label set's test split and warns at the limit.
 */
export const DEFAULT_TEST_REUSE_LIMIT = 5;

export interface TestSplitReuse {
  queueId: string;
  labelSet: string;
  /** Versions of this judge with at least one calibration on the label set's test split. */
  versions: number;
}

/** The limit from GAVEL_TEST_REUSE_LIMIT (a whole number ≥ 1), else the default; a malformed value is refused by name. */
export function testReuseLimit(env: Record<string, string | undefined> = process.env): number {
  const raw = env.GAVEL_TEST_REUSE_LIMIT?.trim();
  if (!raw) return DEFAULT_TEST_REUSE_LIMIT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`GAVEL_TEST_REUSE_LIMIT must be a whole number of at least 1 (got "${raw}").`);
  return n;
}

/** The warning for one label set, or null below the limit. */
export function testReuseWarning(reuse: TestSplitReuse, judge: string, limit: number): string | null {
  if (reuse.versions < limit) return null;
  return `The test split of "${reuse.labelSet}" has calibrated ${reuse.versions} versions of ${judge} (limit ${limit}): choosing among them by their test κ tunes the judge on the test split. Draw a fresh test sample (Label more → a stratified draw) before trusting another test calibration.`;
}
