import type { ItemKind } from "./calibration";
import type { JudgeParser } from "./version";

/** Which parser answers which kind of item: a judge is only measured against labels of its own kind. */
export const PARSER_FOR_KIND: Record<ItemKind, JudgeParser> = { binary: "pass_fail", graded: "score_1_5", pairwise: "pairwise" };
export const KIND_FOR_PARSER: Record<JudgeParser, ItemKind> = { pass_fail: "binary", score_1_5: "graded", pairwise: "pairwise" };
