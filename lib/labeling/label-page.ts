import { itemKind, type ItemKind, type ItemScale } from "../items/kinds";
import { labelChoices, type LabelChoice } from "./choices";

/** What the label page shows for a queue's kind, read from its registry entry: the question and the buttons. */
export interface LabelPageModel {
  question: string;
  choices: LabelChoice[];
  /** Two outputs side by side (pairwise) rather than one final output. */
  twoOutputs: boolean;
}

export function labelPage(kind: ItemKind, scale?: ItemScale | null): LabelPageModel {
  const definition = itemKind(kind);
  return { question: definition.question, choices: labelChoices(kind, scale), twoOutputs: definition.outputs === 2 };
}
