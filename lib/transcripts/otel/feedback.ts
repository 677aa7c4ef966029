import type { ImportedScore } from "../types";
import type { SpanRecord } from "./otlp";

/**
 * Logfire's feedback annotations (logfire.experimental.annotations.record_feedback): a span with
 * logfire.span_type = annotation, the score's name in logfire.feedback.name, its value in the
 * attribute of that name and an optional logfire.feedback.comment. A score, never a verdict: it is
 * kept with the transcript and only a mapping the user gives turns it into one.
 */
export function feedbackScore(span: SpanRecord): { score: ImportedScore; reads: (key: string) => boolean } | null {
  const attrs = span.attributes;
  if (attrs.get("logfire.span_type") !== "annotation") return null;
  const name = attrs.get("logfire.feedback.name");
  if (typeof name !== "string" || !name) return null;
  const value = attrs.get(name);
  if (typeof value !== "number" && typeof value !== "string" && typeof value !== "boolean") return null;
  const comment = attrs.get("logfire.feedback.comment");
  // What the score is made of; the annotation's other attributes (who, what it annotates, extra
  // fields given to record_feedback) are kept as the trace's unread attributes.
  const reads = (key: string) =>
    key === "logfire.span_type" ||
    key === "logfire.feedback.name" ||
    key === name ||
    (key === "logfire.feedback.comment" && typeof comment === "string");
  return { score: { name, value, ...(typeof comment === "string" ? { comment } : {}), source: "logfire feedback" }, reads };
}
