import { ITEM_KIND_DEFINITIONS, ITEM_KINDS, type ItemKind } from "../items/kinds";
import type { JudgeParser } from "./version";

/**
 * Which parser answers which kind of item, read from the item-kind registry (lib/items/kinds.ts): a judge is
 * only measured against labels of its own kind. One parser per kind, so the map inverts.
 */
export const PARSER_FOR_KIND = Object.fromEntries(ITEM_KINDS.map((k) => [k, ITEM_KIND_DEFINITIONS[k].parser])) as Record<
  ItemKind,
  JudgeParser
>;
export const KIND_FOR_PARSER = Object.fromEntries(ITEM_KINDS.map((k) => [ITEM_KIND_DEFINITIONS[k].parser, k])) as Record<
  JudgeParser,
  ItemKind
>;
