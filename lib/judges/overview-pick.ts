/**
 * Which version stands for a judge on the Judges list: the one that gates (or is stale and still gating for its grace
 * period), else the best calibrated on test (highest κ), else the newest. The others are listed under it, so a
 * judge whose newest version is weaker (LLMBar's PaLM 2 after GPT-4) is never shown by that one alone.
 */
export interface PickCandidate {
  version: number;
  state: string;
  kappa: number | null;
}

export function pickShownVersion<T extends PickCandidate>(versions: readonly T[]): T | null {
  if (versions.length === 0) return null;
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  const gating = newestFirst.find((v) => v.state === "gating" || v.state === "stale");
  if (gating) return gating;
  const calibrated = newestFirst.filter((v) => v.kappa !== null && Number.isFinite(v.kappa));
  if (calibrated.length) return calibrated.reduce((best, v) => (v.kappa! > best.kappa! ? v : best));
  return newestFirst[0]!;
}

/** Judges made from the published data sets the demo imports (LLMBar, HANNA): named by lib/real-data/*-plan.ts. */
export const DATASET_JUDGE_PREFIXES = ["llmbar-", "hanna-"] as const;

export function isDatasetJudge(name: string): boolean {
  return DATASET_JUDGE_PREFIXES.some((p) => name.startsWith(p));
}
