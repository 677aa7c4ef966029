import { ITEM_KIND_DEFINITIONS, ITEM_KINDS, itemKind, type ItemKind, type ItemKindDefinition } from "../items/kinds";
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

/** The registry entry of the kind a parser answers; null for a parser no kind names (an old or foreign row). */
export function parserKind(parser: string): ItemKindDefinition | null {
  return Object.hasOwn(KIND_FOR_PARSER, parser) ? itemKind(KIND_FOR_PARSER[parser as JudgeParser]) : null;
}

/** The orders a judge of this parser is asked in: both when its items show two outputs and both were asked for. */
export function judgeOrders(parser: string, bothOrders: boolean | undefined): ("original" | "swapped")[] {
  return bothOrders && parserKind(parser)?.outputs === 2 ? ["original", "swapped"] : ["original"];
}
