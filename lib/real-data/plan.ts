import type { ParsedTranscript } from "../schemas/transcripts";
import type { ItemKind } from "../items/kinds";
import type { JudgeVersionSpec } from "../judges/version";

/**
 * What an imported data set becomes in Gavel, before anything is written: transcripts, label sets
 * with their gold labels, human raters and their labels, judge versions and their recorded verdicts.
 * Built by pure functions from parsed files (llmbar-plan.ts, hanna-plan.ts); written by
 * lib/db/import-datasets.ts (in one transaction, or in bounded units for the first start's demo seeding).
 */
export interface PlannedLabelSet {
  name: string;
  description: string;
  kind: ItemKind;
  rubric: string;
  reviewersPerItem: number;
  testFraction: number;
  /** Indexes into ImportPlan.items, with the gold label of each (parallel arrays). */
  items: number[];
  gold: { value: string; score: number | null }[];
}

export interface PlannedVerdict {
  version: number;
  item: number;
  order: "original" | "swapped";
  status: "ok" | "error";
  value: string | null;
  score: number | null;
  reason: string | null;
  rawResponse: string | null;
  error: string | null;
}

export interface PlannedVersion {
  judge: { name: string; kind: ItemKind; description: string };
  spec: JudgeVersionSpec;
  note: string;
  /** Index of the version this one upgrades (a model upgrade); null for none; undefined: the judge's previous version. */
  parent?: number | null;
  /** The label sets this version is calibrated against. */
  labelSets: number[];
}

export interface ImportPlan {
  dataset: "llmbar" | "hanna";
  items: ParsedTranscript[];
  labelSets: PlannedLabelSet[];
  /** Human raters who can never sign in (no password) and may not label (viewers). */
  raters: { email: string; name: string }[];
  labels: { labelSet: number; item: number; rater: number; value: string; score: number | null }[];
  versions: PlannedVersion[];
  verdicts: PlannedVerdict[];
}

/** The share of an imported label set held out as the test split that gates judges. */
export const IMPORT_TEST_FRACTION = 0.5;
