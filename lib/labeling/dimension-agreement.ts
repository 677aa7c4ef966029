import type { Dimension } from "../schemas/dimensions";
import { sortLabels } from "../stats";
import { queueAgreement, type QueueAgreement, type QueueShape, type ReviewerLabel } from "./agreement";

/**
 * Agreement on each further dimension of a queue, computed the way the primary's is: a binary
 * dimension as pass/fail, a categorical one nominally over its declared values (Cohen's κ per pair,
 * Fleiss' κ and nominal α across reviewers), a numeric range as a graded scale (quadratic-weighted κ,
 * ordinal α, the quadratic ceiling). A multi-select dimension is compared as the whole set chosen
 * ("rude; slow" agrees only with "rude; slow"), nominally over the sets that occur. A label that left
 * the dimension blank does not count for it: each dimension is measured on the labels that gave it.
 */
export interface LabelWithDimensions {
  transcriptId: string;
  reviewerId: string;
  dimensions: unknown;
}

export interface DimensionAgreement {
  dimension: Dimension;
  /** Labels that gave this dimension a value. */
  labeled: number;
  result: QueueAgreement;
}

export const MULTI_SEPARATOR = "; ";

/** A dimension's value on a label as one category string; null when the label left it blank. */
export function dimensionValue(dimension: Dimension, stored: unknown): string | null {
  const record = typeof stored === "string" ? safeRecord(stored) : stored;
  if (!record || typeof record !== "object") return null;
  const value = (record as Record<string, unknown>)[dimension.name];
  if (value === undefined || value === null || value === "") return null;
  if (Array.isArray(value)) return value.length ? value.map(String).join(MULTI_SEPARATOR) : null;
  return String(value);
}

export function dimensionShape(dimension: Dimension, observed: readonly string[]): QueueShape {
  if (dimension.type === "binary") return { kind: "binary", scale: null };
  if (dimension.type === "numeric") return { kind: "graded", scale: { min: dimension.min, max: dimension.max } };
  // A nominal kind (no order, unweighted κ) with the dimension's own categories.
  return { kind: "pairwise", scale: null, categories: dimension.multi ? sortLabels([...observed]) : dimension.values };
}

/** Agreement for each further dimension (the primary has the page's main tables). */
export function agreementByDimension(labels: readonly LabelWithDimensions[], dimensions: readonly Dimension[]): DimensionAgreement[] {
  return dimensions
    .filter((d) => !d.primary)
    .map((dimension) => {
      const given: ReviewerLabel[] = [];
      for (const label of labels) {
        const value = dimensionValue(dimension, label.dimensions);
        if (value !== null) given.push({ transcriptId: label.transcriptId, reviewerId: label.reviewerId, value });
      }
      const shape = dimensionShape(
        dimension,
        given.map((l) => l.value),
      );
      return { dimension, labeled: given.length, result: queueAgreement(given, shape) };
    });
}

function safeRecord(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
