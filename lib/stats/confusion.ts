/**
 * Cross-tabulation of two raters' labels, and the one rule for ordering categories that every statistic here shares.
 */

export interface ConfusionMatrix {
  /** The categories, in the order of the rows and the columns. */
  labels: string[];
  /** matrix[i][j] = number of items that rater a put in labels[i] and rater b put in labels[j]. */
  matrix: number[][];
}

// A decimal number written out in full ("3", "-0.5", "1e3"); "", " 2", "0x10" and "Infinity" are not.
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * True when the label reads as a finite decimal number, so that "10" is ordered after "9". "1e309" reads as a number
 * but overflows to Infinity: it is a label, not a number (a rank statistic of it would be meaningless).
 */
export function isNumericLabel(label: string): boolean {
  return NUMERIC.test(label) && Number.isFinite(Number(label));
}

/** Compares strings by UTF-16 code units: the same order on every machine, unlike localeCompare. */
export function byCodeUnits(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The distinct labels in scale order: numerically when every label is a numeric string (as scikit-learn and R order
 * numeric ratings), otherwise by UTF-16 code units (not locale, so the order is the same on every machine).
 * Labels with equal numeric value ("1", "1.0") stay distinct and fall back to code-unit order between themselves.
 */
export function sortLabels(values: Iterable<string>): string[] {
  const distinct = [...new Set(values)];
  if (distinct.length > 0 && distinct.every(isNumericLabel)) {
    return distinct.sort((x, y) => Number(x) - Number(y) || byCodeUnits(x, y));
  }
  return distinct.sort(byCodeUnits);
}

/** Throws when two paired arrays differ in length: pairing them would silently drop or invent items. */
export function assertSameLength(a: readonly unknown[], b: readonly unknown[], what = "The two raters"): void {
  if (a.length !== b.length) {
    throw new Error(`${what} must cover the same items: got ${a.length} and ${b.length} values.`);
  }
}

/**
 * Index of each label in a declared category list; throws on a duplicate category (it would split one category's
 * counts between two rows).
 */
export function labelIndex(labels: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  labels.forEach((label, i) => {
    if (index.has(label)) throw new Error(`Category "${label}" is listed twice.`);
    index.set(label, i);
  });
  return index;
}

/**
 * Each value's position in `labels`; throws naming the first value (and its item number) that is not a category,
 * rather than dropping the item.
 */
export function encodeLabels(values: readonly string[], index: ReadonlyMap<string, number>, who: string): number[] {
  return values.map((value, item) => {
    const position = index.get(value);
    if (position === undefined) {
      throw new Error(`${who} gave "${value}" for item ${item}, which is not one of the categories (${[...index.keys()].join(", ")}).`);
    }
    return position;
  });
}

/**
 * The k × k table of counts: rows are rater a's label, columns rater b's, both in the order of `labels`.
 *
 * @param labels the categories in order; by default the sorted union of the observed values ({@link sortLabels}).
 *   A value outside the given labels throws (scikit-learn's confusion_matrix would drop that item instead; a dropped
 *   item would change n without anyone noticing).
 * @throws when a and b differ in length, a label is listed twice, or a value is not among the labels.
 */
export function confusionMatrix(a: readonly string[], b: readonly string[], labels?: readonly string[]): ConfusionMatrix {
  assertSameLength(a, b);
  const order = labels ? [...labels] : sortLabels([...a, ...b]);
  const index = labelIndex(order);
  const rows = encodeLabels(a, index, "Rater a");
  const cols = encodeLabels(b, index, "Rater b");
  const matrix = order.map(() => order.map(() => 0));
  rows.forEach((row, item) => {
    matrix[row]![cols[item]!]! += 1;
  });
  return { labels: order, matrix };
}
