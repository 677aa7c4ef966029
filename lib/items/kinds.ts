/**
 * The item kinds: what one labeled item asks for (pass / fail, A or B, a score). The one registry every
 * list of kinds, label values, buttons, parsers and statistics options is read from, typed like the
 * grader registry: a kind missing an entry does not compile, and kinds.test.ts checks the Prisma enum.
 * A leaf: it imports no other Gavel folder, so schemas, labeling, judges, transcripts and lib/db can all read it.
 */
export const ITEM_KINDS = ["binary", "pairwise", "graded"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** A queue's declared scale (graded kinds); null ends mean the default 1–5. */
export interface ItemScale {
  min: number | null;
  max: number | null;
}

export interface ItemKindDefinition {
  /** What a label says, in a few words: the new-queue form shows "<kind>: <summary>". */
  summary: string;
  /** How a sentence names the kind ("task x is …"). */
  description: string;
  /** The judge output parser that answers this kind (lib/judges/parsers.ts), and its option on the judge form. */
  parser: string;
  parserOption: string;
  /**
   * The values a label takes, in button order; null when the queue's scale decides (every whole number from
   * min to max). Statistics list fixed values sorted, the order every stored calibration has.
   */
  fixedValues: readonly string[] | null;
  /** The value precision and recall count as positive; null when there is none. */
  positive: string | null;
  /** Ordered values: quadratic-weighted kappa, ordinal alpha. */
  ordinal: boolean;
  /** The button for one value: its label and hotkey (lower case; "" for none). */
  choice(value: string): { label: string; key: string };
  /** A label as an imported file spells it, in the kind's own spelling ("PASS" → "pass", "4.0" → "4"). */
  normalize(raw: string): string;
  /** A judge verdict written as text: its value, or null when it is not one (the message says `expected`). */
  verdict(text: string): string | null;
  expected: string;
  /** The number a value stands for: a verdict's default score, the verbosity check's difference. */
  numeric(value: string): number;
}

const oneOf = (values: readonly string[], spell: (raw: string) => string) => (text: string) => {
  const value = spell(text);
  return values.includes(value) ? value : null;
};

export const ITEM_KIND_DEFINITIONS = {
  binary: {
    summary: "pass / fail",
    description: "binary (pass / fail on one output)",
    parser: "pass_fail",
    parserOption: "PASS / FAIL with a reason (binary items)",
    fixedValues: ["pass", "fail"],
    positive: "pass",
    ordinal: false,
    choice: (value) => ({ label: value[0]!.toUpperCase() + value.slice(1), key: value[0]! }),
    normalize: (raw) => raw.trim().toLowerCase(),
    verdict: oneOf(["pass", "fail"], (text) => text.toLowerCase()),
    expected: '"pass" or "fail"',
    numeric: (value) => (value === "pass" ? 1 : 0),
  },
  pairwise: {
    summary: "A or B better",
    description: "pairwise (A or B between two outputs)",
    parser: "pairwise",
    parserOption: "A / B with a reason (pairwise items)",
    fixedValues: ["A", "B"],
    positive: "A",
    ordinal: false,
    choice: (value) => ({ label: `${value} is better`, key: value.toLowerCase() }),
    normalize: (raw) => raw.trim().toUpperCase(),
    verdict: oneOf(["A", "B"], (text) => text.toUpperCase()),
    expected: '"A" or "B"',
    numeric: (value) => (value === "A" ? 1 : 0),
  },
  graded: {
    summary: "a score",
    description: "graded (a 1–5 score on one output)",
    parser: "score_1_5",
    parserOption: "score 1–5 with a reason (graded items)",
    fixedValues: null,
    positive: null,
    ordinal: true,
    // Digits only reach 9: a wider scale keeps its buttons but loses hotkeys past one digit.
    choice: (value) => ({ label: value, key: value.length === 1 ? value : "" }),
    normalize: (raw) => {
      const value = raw.trim();
      const n = Number(value);
      return value !== "" && Number.isFinite(n) && Number.isInteger(n) ? String(n) : value;
    },
    verdict: (text) => (/^-?\d+$/.test(text) ? String(Number(text)) : null),
    expected: "a whole score",
    numeric: Number,
  },
} as const satisfies Record<ItemKind, ItemKindDefinition>;

/** The output parsers, one per kind, in the registry's order. */
export type ItemParser = (typeof ITEM_KIND_DEFINITIONS)[ItemKind]["parser"];

export function isItemKind(kind: string): kind is ItemKind {
  return Object.hasOwn(ITEM_KIND_DEFINITIONS, kind);
}

export function itemKind(kind: ItemKind): ItemKindDefinition {
  return ITEM_KIND_DEFINITIONS[kind];
}

function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** '"binary", "pairwise" or "graded"': the kinds for a message. */
export function itemKindList(): string {
  return orList(ITEM_KINDS.map((k) => `"${k}"`));
}

/** "binary (pass / fail), pairwise (A or B better) or graded (a score)": the kinds with what they ask. */
export function itemKindChoices(): string {
  return orList(ITEM_KINDS.map((k) => `${k} (${ITEM_KIND_DEFINITIONS[k].summary})`));
}

function scaleRange(min: number, max: number): string[] {
  return Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
}

/** The values a label may take in a queue of this kind, in button order (a scale's ends default to 1 and 5). */
export function labelValues(kind: ItemKind, scale?: ItemScale | null): string[] {
  const fixed = itemKind(kind).fixedValues;
  return fixed ? [...fixed] : scaleRange(scale?.min ?? 1, scale?.max ?? 5);
}

/**
 * The categories a kind is measured on, in statistics order: fixed kinds always (so a binary confusion matrix
 * is always 2 × 2), a scale kind its declared scale, else null (the caller uses the observed labels).
 */
export function kindCategories(kind: ItemKind, scale: { min: number; max: number } | null): string[] | null {
  const fixed = itemKind(kind).fixedValues;
  if (fixed) return [...fixed].sort();
  return scale ? scaleRange(scale.min, scale.max) : null;
}
