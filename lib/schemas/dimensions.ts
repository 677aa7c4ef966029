import { z } from "zod";
import { itemKind, labelValues, type ItemKind, type ItemScale } from "../items/kinds";

/**
 * A queue's score config (Langfuse's word): the primary dimension, which the queue's kind defines and
 * judges are calibrated against, plus any number of further named dimensions a reviewer fills in beside
 * it. The primary's value stays in labels.value (so everything built on it keeps working); the others
 * go to labels.dimensions as { name: value }.
 */
export const DIMENSION_TYPES = ["binary", "categorical", "numeric"] as const;
export type DimensionType = (typeof DIMENSION_TYPES)[number];

const NAME = /^[A-Za-z][A-Za-z0-9 _-]{0,39}$/;
const dimensionName = z
  .string()
  .trim()
  .regex(NAME, "A dimension name starts with a letter and has at most 40 letters, digits, spaces, - or _.");
const categoryValue = z
  .string()
  .trim()
  .min(1, "A category is never empty.")
  .max(40, "Keep each category under 40 characters.")
  .refine((v) => !/[,;]/.test(v), "A category may not contain , or ;.");

export const extraDimension = z.discriminatedUnion("type", [
  z.strictObject({ name: dimensionName, type: z.literal("binary") }),
  z.strictObject({
    name: dimensionName,
    type: z.literal("categorical"),
    values: z.array(categoryValue).min(2, "A categorical dimension needs at least 2 values.").max(20, "At most 20 values."),
    multi: z.boolean().default(false),
  }),
  z.strictObject({ name: dimensionName, type: z.literal("numeric"), min: z.number().int(), max: z.number().int() }),
]);
export type ExtraDimension = z.output<typeof extraDimension>;

/** A dimension as the label page, agreement and export see it, the primary included. */
export type Dimension = ExtraDimension & { primary: boolean };

export const DEFAULT_PRIMARY_NAME = "verdict";
export const MAX_EXTRA_DIMENSIONS = 8;

/** Problems with a list of extra dimensions, each naming the dimension; [] when it is fine. */
export function dimensionListErrors(dimensions: readonly ExtraDimension[], primaryName: string): string[] {
  const errors: string[] = [];
  if (dimensions.length > MAX_EXTRA_DIMENSIONS) errors.push(`At most ${MAX_EXTRA_DIMENSIONS} dimensions besides the primary.`);
  const seen = new Set([primaryName.toLowerCase()]);
  for (const d of dimensions) {
    if (seen.has(d.name.toLowerCase())) errors.push(`"${d.name}": two dimensions share this name.`);
    seen.add(d.name.toLowerCase());
    if (d.type === "numeric" && d.min >= d.max) errors.push(`"${d.name}": the range's top must be above its bottom.`);
    if (d.type === "numeric" && d.max - d.min > 1000) errors.push(`"${d.name}": a range spans at most 1000.`);
    if (d.type === "categorical" && new Set(d.values.map((v) => v.toLowerCase())).size !== d.values.length)
      errors.push(`"${d.name}": a value is listed twice.`);
  }
  return errors;
}

/**
 * The one-line-per-dimension text the new-queue form takes:
 *   reason: one of hallucination, wrong tool, incomplete
 *   tags: any of slow, rude, verbose        (multi-select)
 *   tone: 1-5                               (numeric range)
 *   policy followed: pass/fail              (binary)
 * Returns the dimensions, or messages naming the line.
 */
export function parseDimensionText(text: string): { ok: true; dimensions: ExtraDimension[] } | { ok: false; errors: string[] } {
  const dimensions: ExtraDimension[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const where = `Line ${index + 1}`;
    const colon = line.indexOf(":");
    if (colon < 0) return void errors.push(`${where}: write "name: one of a, b", "name: any of a, b", "name: 1-5" or "name: pass/fail".`);
    const name = line.slice(0, colon).trim();
    const spec = line.slice(colon + 1).trim();
    let candidate: unknown;
    const list = /^(one|any) of\s+(.+)$/i.exec(spec);
    const range = /^(-?\d+)\s*(?:-|to|\.\.)\s*(-?\d+)$/i.exec(spec);
    if (list) {
      candidate = { name, type: "categorical", multi: list[1]!.toLowerCase() === "any", values: list[2]!.split(",").map((v) => v.trim()) };
    } else if (range) {
      candidate = { name, type: "numeric", min: Number(range[1]), max: Number(range[2]) };
    } else if (/^(pass\/fail|binary)$/i.test(spec)) {
      candidate = { name, type: "binary" };
    } else {
      return void errors.push(
        `${where} (${name || "no name"}): "${spec}" is not a type: use "one of …", "any of …", a range such as 1-5, or pass/fail.`,
      );
    }
    const parsed = extraDimension.safeParse(candidate);
    if (parsed.success) dimensions.push(parsed.data);
    else errors.push(`${where} (${name || "no name"}): ${parsed.error.issues[0]!.message}`);
  });
  return errors.length ? { ok: false, errors } : { ok: true, dimensions };
}

/** The text form of a list (the inverse of parseDimensionText), for showing a queue's config. */
export function dimensionText(d: ExtraDimension): string {
  if (d.type === "binary") return `${d.name}: pass/fail`;
  if (d.type === "numeric") return `${d.name}: ${d.min}-${d.max}`;
  return `${d.name}: ${d.multi ? "any" : "one"} of ${d.values.join(", ")}`;
}

/** The primary dimension a queue's kind defines (binary pass/fail, pairwise A/B, graded its scale). */
export function primaryDimension(kind: ItemKind, name: string, scale?: ItemScale): Dimension {
  const values = labelValues(kind, scale);
  const type = itemKind(kind).dimension;
  if (type === "binary") return { name, type, primary: true };
  if (type === "categorical") return { name, type, values, multi: false, primary: true };
  return { name, type, min: Number(values[0]), max: Number(values.at(-1)), primary: true };
}

/** Built once: building a zod schema costs more than parsing with it, and the labeling hot path reads a queue's config twice a label. */
const storedDimensions = z.array(extraDimension);

/** Reads a stored config (labels_queues.dimensions); anything unreadable counts as no extra dimension. */
export function readExtraDimensions(stored: unknown): ExtraDimension[] {
  const value = typeof stored === "string" ? safeJson(stored) : stored;
  const parsed = storedDimensions.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

export function queueDimensions(queue: {
  kind: ItemKind;
  primaryDimension: string;
  dimensions: unknown;
  scaleMin?: number | null;
  scaleMax?: number | null;
}): Dimension[] {
  const scale = { min: queue.scaleMin ?? null, max: queue.scaleMax ?? null };
  return [
    primaryDimension(queue.kind, queue.primaryDimension, scale),
    ...readExtraDimensions(queue.dimensions).map((d) => ({ ...d, primary: false })),
  ];
}

/** One dimension's value on a label: a category or pass/fail, several categories, or a number. */
export type DimensionValue = string | string[] | number;
export type DimensionValues = Record<string, DimensionValue>;

export const dimensionValuesInput = z.record(
  z.string().max(40),
  z.union([z.string().max(40), z.array(z.string().max(40)).max(20), z.number()]),
);

/**
 * Checks a label's extra-dimension values against the queue's config and returns them in canonical
 * form (multi-select sorted and deduplicated, empty ones dropped), or a message naming the dimension.
 * Every extra dimension is optional: a failure reason has nothing to say about a pass.
 */
export function checkDimensionValues(
  dimensions: readonly ExtraDimension[],
  values: DimensionValues | undefined,
): { ok: true; values: DimensionValues } | { ok: false; error: string; dimension: string } {
  const out: DimensionValues = {};
  const byName = new Map(dimensions.map((d) => [d.name, d]));
  for (const [name, value] of Object.entries(values ?? {})) {
    const d = byName.get(name);
    if (!d) return { ok: false, error: `This queue has no dimension "${name.slice(0, 40)}".`, dimension: name };
    const fail = (what: string) => ({ ok: false as const, error: `${d.name}: ${what}`, dimension: d.name });
    if (value === "" || (Array.isArray(value) && value.length === 0)) continue;
    if (d.type === "binary") {
      if (value !== "pass" && value !== "fail") return fail(`choose pass or fail, got "${String(value).slice(0, 16)}".`);
      out[name] = value;
    } else if (d.type === "numeric") {
      const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < d.min || n > d.max) return fail(`a whole number from ${d.min} to ${d.max}.`);
      out[name] = n;
    } else {
      const chosen = (Array.isArray(value) ? value : [value]).map(String);
      if (!d.multi && chosen.length > 1) return fail("choose one value.");
      const unknown = chosen.find((v) => !d.values.includes(v));
      if (unknown !== undefined) return fail(`"${unknown.slice(0, 40)}" is not one of ${d.values.join(", ")}.`);
      out[name] = d.multi ? d.values.filter((v) => chosen.includes(v)) : chosen[0]!;
    }
  }
  return { ok: true, values: out };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
