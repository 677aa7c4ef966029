import type { ItemKind } from "../items/kinds";
import { PARSER_FOR_KIND } from "./kinds";
import type { JudgeVersionSpec } from "./version";

/**
 * Verdicts that came with an imported file are stored as a JudgeVersion of a replay judge, so they
 * can be calibrated against human labels like any other judge's (and so blind review hides them
 * like any other). Gavel never calls a model for it. The judge's name is part of the prompt text so
 * that two imported judges never share a version hash.
 */
export const IMPORTED_MODEL = "imported";

export function importedJudgeSpec(judgeName: string, kind: ItemKind): JudgeVersionSpec {
  return {
    provider: "replay",
    model: IMPORTED_MODEL,
    baseUrl: null,
    promptTemplate: `Imported verdicts of the judge "${judgeName}". They came with an imported transcript file; Gavel did not ask a model and cannot re-run this judge.`,
    params: { temperature: 0, maxTokens: 512, seed: null },
    parser: PARSER_FOR_KIND[kind],
  };
}
