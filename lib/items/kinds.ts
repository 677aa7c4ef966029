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
  /** The question the label page asks of every item of this kind. */
  question: string;
  /**
   * The outputs an item shows: 1, or 2 (outputs A and B, shown side by side, required on import, exported as two
   * fields, judged in both orders for position bias, the verbosity check's length is len A − len B).
   */
  outputs: 1 | 2;
  /** A verdict given with the two outputs shown the other way round, read back in the item's own order (1 output: as is). */
  swap(value: string): string;
  /** The type of the queue's primary dimension (lib/schemas/dimensions.ts). */
  dimension: "binary" | "categorical" | "numeric";
  /** Whether a run's trials (graded pass or fail) are labeled in a queue of this kind. */
  labelsTrials: boolean;
  /** The label's score column for a value (a graded item's number); null when the kind has none. */
  labelScore(value: string): number | null;
  /**
   * A judge's verdict on a run's trial as the run counts it: passed or not, a score in [0, 1], and the words its reason
   * starts with (null: the judge's reason alone). passScore: the task's pass mark on a scale.
   */
  trialVerdict(value: string, passScore: number): { pass: boolean; score: number; says: string | null };
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
    question: "Does this transcript pass the rubric?",
    outputs: 1,
    swap: (value) => value,
    dimension: "binary",
    labelsTrials: true,
    labelScore: () => null,
    trialVerdict: (value) => ({ pass: value === "pass", score: value === "pass" ? 1 : 0, says: null }),
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
    question: "Which output is better under the rubric?",
    outputs: 2,
    swap: (value) => (value === "A" ? "B" : value === "B" ? "A" : value),
    dimension: "categorical",
    labelsTrials: false,
    labelScore: () => null,
    trialVerdict: (value) => ({ pass: value === "A", score: value === "A" ? 1 : 0, says: `prefers ${value}` }),
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
    question: "Rate this transcript under the rubric.",
    outputs: 1,
    swap: (value) => value,
    dimension: "numeric",
    labelsTrials: false,
    labelScore: Number,
    // The judge's 1–5 score: pass at the task's pass mark, the score spread over [0, 1].
    trialVerdict: (value, passScore) => {
      const score = Number(value);
      return { pass: score >= passScore, score: (score - 1) / 4, says: `score ${score}/5` };
    },
  },
} as const satisfies Record<ItemKind, ItemKindDefinition>;

/** The output parsers, one per kind, in the registry's order. */
export type ItemParser = (typeof ITEM_KIND_DEFINITIONS)[ItemKind]["parser"];

/** The kind a form, an import or a queue takes when none is named. */
export const DEFAULT_ITEM_KIND: ItemKind = "binary";

/** Kinds a test registered (registerTestItemKind): never stored, never in a form, only seen by the code under test. */
const testKinds = new Map<string, ItemKindDefinition>();

export function isItemKind(kind: string): kind is ItemKind {
  return Object.hasOwn(ITEM_KIND_DEFINITIONS, kind) || testKinds.has(kind);
}

export function itemKind(kind: ItemKind): ItemKindDefinition {
  const definition = Object.hasOwn(ITEM_KIND_DEFINITIONS, kind) ? ITEM_KIND_DEFINITIONS[kind] : testKinds.get(kind);
  if (!definition) throw new Error(`Unknown item kind "${kind}": use ${itemKindList()}.`);
  return definition;
}

/**
 * Adds a kind for the duration of a test: the item-kind recipe's proof that one entry is all a kind needs
 * (lib/items/recipe.test.ts). Returns the kind's name, typed as a kind, and a function that removes it again. Refused
 * outside Vitest: a kind that production code may meet is an entry in ITEM_KIND_DEFINITIONS and the Prisma enum.
 */
export function registerTestItemKind(name: string, definition: ItemKindDefinition): { kind: ItemKind; remove: () => void } {
  if (!process.env.VITEST) throw new Error("registerTestItemKind is for tests: add the kind to ITEM_KIND_DEFINITIONS.");
  if (isItemKind(name)) throw new Error(`The item kind "${name}" exists already.`);
  testKinds.set(name, definition);
  return { kind: name as ItemKind, remove: () => testKinds.delete(name) };
}

/** The kinds whose items show two outputs (pairwise), for messages about outputs A and B. */
export function twoOutputKinds(): ItemKind[] {
  return ITEM_KINDS.filter((k) => ITEM_KIND_DEFINITIONS[k].outputs === 2);
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
 * is always 2 × 2; an ordinal one in its own order), a scale kind its declared scale, else null (the caller uses the observed labels).
 */
export function kindCategories(kind: ItemKind, scale: { min: number; max: number } | null): string[] | null {
  const { fixedValues: fixed, ordinal } = itemKind(kind);
  // Ordered values keep their order (weighted kappa reads it); unordered ones are sorted, as every stored calibration is.
  if (fixed) return ordinal ? [...fixed] : [...fixed].sort();
  return scale ? scaleRange(scale.min, scale.max) : null;
}
