import { formatPath } from "@/datasets/errors";
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

export interface ImportItem {
  /** Where the item starts in the file ("line 3", "trace 4bf9…"), for messages about it. */
  where: string;
  transcript: ParsedTranscript;
  verdicts: ImportedVerdict[];
}

/** `notes`: what the parser read and what it left out on purpose ("1 span skipped (not GenAI: GET)"). */
export type ParseResult = { ok: true; items: ImportItem[]; notes?: string[] } | { ok: false; errors: string[] };

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
