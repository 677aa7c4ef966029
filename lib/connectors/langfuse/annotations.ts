import type { ImportedLabel } from "../../labeling/label-import/types";
import { applyValueMap, type ValueMap } from "../../labeling/label-import/value-map";
import type { Json } from "./client";

/**
 * Langfuse human annotation scores (source ANNOTATION, given by a person in Langfuse's annotation UI
 * or queues) as Gavel labels. Only through a mapping the user gave: which score is the label and
 * how its value becomes one of the queue's values (a threshold for numbers, FROM=TO for categories
 * and booleans). Nothing is guessed: a score whose value the mapping does not cover is an error
 * naming the trace and the score; annotations of other scores are counted and left as they are.
 * The reviewer is the annotator (authorUserId), who gets a Gavel account that cannot sign in.
 */
export interface PassWhen {
  op: ">=" | ">" | "<=" | "<" | "==" | "!=";
  value: number;
}

export interface AnnotationMapping {
  /** The Langfuse score name that is the label. */
  score: string;
  passWhen?: PassWhen;
  /** Category (or True/False, or a number as text) → queue value. */
  values: ValueMap;
}

export function parsePassWhen(text: string): PassWhen | string {
  const m = /^\s*(>=|<=|==|!=|>|<)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return `--pass-when "${text}" is not a comparison like ">=0.5", "<0.2" or "==1"`;
  return { op: m[1] as PassWhen["op"], value: Number(m[2]) };
}

function passes(rule: PassWhen, v: number): boolean {
  switch (rule.op) {
    case ">=":
      return v >= rule.value;
    case ">":
      return v > rule.value;
    case "<=":
      return v <= rule.value;
    case "<":
      return v < rule.value;
    case "==":
      return v === rule.value;
    case "!=":
      return v !== rule.value;
  }
}

export interface AnnotationResult {
  labels: ImportedLabel[];
  errors: string[];
  /** Annotation scores not named by the mapping, by name, and other reasons scores were left out. */
  left: Map<string, number>;
}

const isAnnotation = (s: Json) => String(s.source ?? "").toUpperCase() === "ANNOTATION";

const mapped = (map: ValueMap, key: string) => {
  const value = applyValueMap(map, key);
  return value !== key || map.has(key) ? value : null;
};

/** The label a mapped annotation score gives, or why it cannot be one. */
function valueOf(score: Json, mapping: AnnotationMapping): string | { error: string } {
  const type = String(score.dataType ?? "").toUpperCase();
  const text = typeof score.stringValue === "string" ? score.stringValue : null;
  const number = typeof score.value === "number" ? score.value : null;
  const byText = text === null ? null : mapped(mapping.values, text);
  if (byText !== null) return byText;
  // A categorical score's number is only its category's position: never compared to a threshold.
  if (number !== null && type !== "CATEGORICAL") {
    if (mapping.passWhen) return passes(mapping.passWhen, number) ? "pass" : "fail";
    const byNumber = mapped(mapping.values, String(number));
    if (byNumber !== null) return byNumber;
  }
  const shown = text ?? (number === null ? "no value" : String(number));
  return {
    error: `the ${type || "untyped"} value ${JSON.stringify(shown)} is not covered by the mapping: add --map ${JSON.stringify(`${shown}=pass`)} (or =fail)${type === "NUMERIC" ? " or --pass-when" : ""}`,
  };
}

export function annotationLabels(traces: readonly Json[], mapping: AnnotationMapping | null): AnnotationResult {
  const result: AnnotationResult = { labels: [], errors: [], left: new Map() };
  const leave = (why: string) => result.left.set(why, (result.left.get(why) ?? 0) + 1);
  for (const trace of traces) {
    for (const raw of Array.isArray(trace.scores) ? trace.scores : []) {
      const score = raw as Json;
      if (!isAnnotation(score)) continue;
      const name = String(score.name ?? "");
      if (!mapping || name !== mapping.score) {
        leave(`human annotation "${name}" (not the --label-score)`);
        continue;
      }
      const where = `trace ${String(trace.id)} score ${String(score.id ?? name)}`;
      if (typeof score.observationId === "string" && score.observationId) {
        leave(`human annotation "${name}" on an observation, not the whole trace`);
        continue;
      }
      if (typeof score.authorUserId !== "string" || !score.authorUserId.trim()) {
        result.errors.push(`${where}: an annotation with no authorUserId: whose label it is cannot be known`);
        continue;
      }
      const value = valueOf(score, mapping);
      if (typeof value !== "string") {
        result.errors.push(`${where} (${name}): ${value.error}`);
        continue;
      }
      const at = typeof score.timestamp === "string" ? new Date(score.timestamp) : null;
      result.labels.push({
        where,
        item: String(trace.id),
        reviewer: `langfuse-user-${score.authorUserId.trim()}`,
        value,
        timeSpentMs: null,
        createdAt: at && !Number.isNaN(at.getTime()) ? at : null,
      });
    }
  }
  return result;
}
