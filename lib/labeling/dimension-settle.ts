import type { DimensionValues, ExtraDimension } from "../schemas/dimensions";

/**
 * The further dimensions of an adjudicated gold label (the failure reason beside pass/fail, say). Where the reviewers
 * who gave a value agree (or one alone gave one) the gold takes it; where they gave different values the adjudicator
 * settles it: the form asks, and a decision without it is refused naming the dimension. Values compare as canonical
 * JSON, so ["slow","rude"] and ["slow","rude"] agree and "4" never meets 4.
 */
export interface DisputedDimension {
  name: string;
  /** The values the reviewers gave, as JSON text (what the form sends back) with how they read. */
  options: { value: string; label: string }[];
}

const blank = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
const show = (v: unknown) => (Array.isArray(v) ? v.join(", ") : String(v));

function valuesOf(stored: unknown): Record<string, unknown> {
  return stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
}

export function dimensionAgreement(
  dimensions: readonly ExtraDimension[],
  labels: readonly unknown[],
): { agreed: DimensionValues; disputed: DisputedDimension[] } {
  const agreed: DimensionValues = {};
  const disputed: DisputedDimension[] = [];
  for (const d of dimensions) {
    const given = new Map<string, unknown>();
    for (const stored of labels) {
      const value = valuesOf(stored)[d.name];
      if (!blank(value)) given.set(JSON.stringify(value), value);
    }
    if (given.size === 1) agreed[d.name] = [...given.values()][0] as DimensionValues[string];
    else if (given.size > 1) disputed.push({ name: d.name, options: [...given].map(([value, v]) => ({ value, label: show(v) })) });
  }
  return { agreed, disputed };
}

/**
 * The gold label's dimension values: the agreed ones, and for each disputed one the adjudicator's choice (JSON text of
 * one of its options). An error names the first disputed dimension left unsettled or settled to a value no one gave.
 */
export function settleDimensions(
  agreement: { agreed: DimensionValues; disputed: readonly DisputedDimension[] },
  chosen: Readonly<Record<string, string>> | undefined,
): { ok: true; values: DimensionValues } | { ok: false; dimension: string; error: string } {
  const values: DimensionValues = { ...agreement.agreed };
  for (const d of agreement.disputed) {
    const pick = chosen?.[d.name];
    if (pick === undefined || pick === "")
      return { ok: false, dimension: d.name, error: `The reviewers disagree on ${d.name}: choose its value for the gold label.` };
    if (!d.options.some((o) => o.value === pick))
      return {
        ok: false,
        dimension: d.name,
        error: `${d.name}: choose one of the values the reviewers gave (${d.options.map((o) => o.label).join(" / ")}).`,
      };
    values[d.name] = JSON.parse(pick) as DimensionValues[string];
  }
  return { ok: true, values };
}
