import type { ImportedLabel } from "../../labeling/label-import/types";
import { langfuseScore } from "../../transcripts/peers/langfuse";
import { passes, type PassCondition } from "../../transcripts/score-mapping";
import { applyValueMap, type ValueMap } from "../../labeling/label-import/value-map";
import type { Json } from "./client";

/**
 * Langfuse human annotation scores (source ANNOTATION, given by a person in Langfuse's annotation UI
 * or queues) as Gavel labels. Only through a mapping the user gave: which score is the label and
 * how its value becomes one of the queue's values (a condition as --pass-when writes it, the same
 * grammar as score-mapping.ts, or FROM=TO for categories and booleans). Nothing is guessed: a score whose value the mapping does not cover is an error
 * naming the trace and the score; annotations of other scores are counted and left as they are.
 * The reviewer is the annotator (authorUserId), who gets a Gavel account that cannot sign in.
 */
export interface AnnotationMapping {
  /** The Langfuse score name that is the label. */
  score: string;
  /** When the score is a pass (score-mapping.ts: ">=0.5", "<=0.2", "==Good", "in [Good, Great]"). */
  passWhen?: PassCondition;
  /** Category (or True/False, or a number as text) → queue value. */
  values: ValueMap;
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
function valueOf(raw: Json, mapping: AnnotationMapping): string | { error: string } {
  const type = String(raw.dataType ?? "").toUpperCase() || "untyped";
  const score = langfuseScore(raw);
  const text = typeof raw.stringValue === "string" ? raw.stringValue : score ? String(score.value) : null;
  const byText = text === null ? null : mapped(mapping.values, text);
  if (byText !== null) return byText;
  if (score && mapping.passWhen) {
    const pass = passes(score.value, mapping.passWhen);
    if (pass !== null) return pass ? "pass" : "fail";
  }
  const shown = text ?? "no value";
  return {
    error: `the ${type} value ${JSON.stringify(shown)} is not covered by the mapping: add --map ${JSON.stringify(`${shown}=pass`)} (or =fail)${type === "NUMERIC" ? " or --label-pass-when" : ""}`,
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
