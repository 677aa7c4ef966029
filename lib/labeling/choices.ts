import { allowedValues, type QueueKind } from "../schemas/labeling";

/**
 * One label button and its hotkey. No tone: every choice looks the same, because a filled "Pass"
 * beside an outlined "Fail" is a nudge, and this tool exists to measure without one.
 */
export interface LabelChoice {
  value: string;
  /** The key that picks it (lower case). */
  key: string;
  label: string;
}

/**
 * The buttons for a queue's kind: P / F for pass and fail, A / B for pairwise, the digits for a
 * graded scale. S (skip), U (undo) and ? (help) are taken, so no choice may use them.
 */
export function labelChoices(kind: QueueKind, scale?: { min: number | null; max: number | null }): LabelChoice[] {
  if (kind === "binary") {
    return [
      { value: "pass", key: "p", label: "Pass" },
      { value: "fail", key: "f", label: "Fail" },
    ];
  }
  if (kind === "pairwise") {
    return [
      { value: "A", key: "a", label: "A is better" },
      { value: "B", key: "b", label: "B is better" },
    ];
  }
  // Digits only reach 9: a wider scale keeps its buttons but loses hotkeys past one digit.
  return allowedValues("graded", scale).map((value) => ({ value, key: value.length === 1 ? value : "", label: value }));
}
