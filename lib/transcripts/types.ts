import { formatPath } from "@/lib/format";
import type { z } from "zod";
import type { ParsedTranscript } from "../schemas/transcripts";
import { itemKind, type ItemKind } from "../items/kinds";

/**
 * What every transcript file parser hands back: all items, or every problem in the file and no
 * items at all. A caller writes nothing unless it got items.
 */
export interface ImportedVerdict {
  /** The judge's name as the file gives it; stored as a JudgeVersion of a replay judge of that name. */
  judge: string;
  /** pass | fail (binary), A | B (pairwise), the whole score as text (graded). */
  value: string;
  score: number;
  reason: string | null;
}

/**
 * A peer's score as the file gives it (Langfuse scores, Inspect scorers, promptfoo assertions). A
 * score is never a verdict by itself: only a mapping the user gave (which score, threshold, polarity)
 * turns one into an ImportedVerdict. Unmapped, it stays in the transcript's metadata.
 */
export interface ImportedScore {
  name: string;
  value: number | string | boolean;
  comment?: string | null;
  /** Who gave it, in the source's words (Langfuse: ANNOTATION | API | EVAL; promptfoo: the assertion type). */
  source?: string;
  /** The person, for human annotation scores. */
  author?: string;
}

export interface ImportItem {
  /** Where the item starts in the file ("line 3", "trace 4bf9…"), for messages about it. */
  where: string;
  transcript: ParsedTranscript;
  verdicts: ImportedVerdict[];
  /** Scores from the source, mappable into verdicts or labels; kept in metadata either way. */
  scores?: ImportedScore[];
  /** Source fields that have no transcript field: kept in content.metadata, named in the import report. */
  unmapped?: string[];
}

/** Something in the file that is not a transcript (an embedding trace, a lone tool span) and why. */
export interface SkippedPart {
  where: string;
  why: string;
}

/**
 * `notes`: what the parser read and what it left out on purpose ("1 span skipped (not GenAI: GET)").
 * `skipped`: each part of the file that did not become a transcript, with why; never a reason to
 * refuse the rest of the file.
 */
export type ParseResult = { ok: true; items: ImportItem[]; notes?: string[]; skipped?: SkippedPart[] } | { ok: false; errors: string[] };

export { TRANSCRIPT_FORMATS, type TranscriptFormat } from "../schemas/transcript-formats";

/** One issue as "where: field.path: message" (the path as datasets/errors.ts formats it). */
export function issueText(where: string, path: readonly PropertyKey[], message: string): string {
  const field = formatPath(path);
  return `${where}: ${field ? `${field}: ` : ""}${message}`;
}

export function zodIssueTexts(where: string, error: z.ZodError, prefix: readonly PropertyKey[] = []): string[] {
  return error.issues.map((issue) => {
    const message =
      issue.code === "unrecognized_keys"
        ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`
        : issue.message;
    return issueText(where, [...prefix, ...issue.path], message);
  });
}

/** Verdict value and score for a kind, or a message saying what was expected. */
export function normaliseVerdict(kind: ItemKind, verdict: unknown, score?: number): { value: string; score: number } | { error: string } {
  const text = typeof verdict === "number" ? String(verdict) : typeof verdict === "string" ? verdict.trim() : null;
  if (text === null) return { error: "must be text or a number" };
  const definition = itemKind(kind);
  const value = definition.verdict(text);
  if (value === null) return { error: `must be ${definition.expected} for a ${kind} item (got ${JSON.stringify(verdict)})` };
  return { value, score: score ?? definition.numeric(value) };
}
