import { lineJsonError } from "./json-text";
import { z } from "zod";
import { DEFAULT_ITEM_KIND, ITEM_KINDS, itemKind, itemKindList, twoOutputKinds } from "../items/kinds";
import { newTranscriptSchema, type NewTranscript } from "../schemas/transcripts";
import { parseJsonSafely } from "../text/safe-json";
import { issueText, normaliseVerdict, zodIssueTexts, type ImportItem, type ImportedVerdict, type ParseResult } from "./types";

/**
 * Gavel's JSONL transcript format (docs/transcripts.md): one JSON object per line, snake_case
 * fields. Pure: text in, every item or every problem out ("line N: field.path: message").
 * Blank lines are allowed; nothing else is skipped.
 */
const toolCall = z.strictObject({
  id: z.string().optional(),
  name: z.string({ error: "a tool call needs a name" }).min(1, "a tool call needs a name"),
  arguments: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});

const message = z.strictObject({
  role: z.enum(["system", "user", "assistant", "tool"], { error: 'role must be "system", "user", "assistant" or "tool"' }),
  content: z.string().nullable().optional(),
  name: z.string().optional(),
  tool_calls: z.array(toolCall).optional(),
});

const judgeVerdict = z.strictObject({
  judge: z.string({ error: "name the judge" }).trim().min(1, "name the judge"),
  verdict: z.union([z.string(), z.number()], { error: "give the verdict: pass/fail, A/B, or a score" }),
  reason: z.string().optional(),
  score: z.number().optional(),
});

const text = (what: string) => z.string({ error: `${what} must be text` });

export const jsonlLineSchema = z
  .strictObject({
    id: z.union([z.string().min(1), z.number()], { error: "id must be text or a number" }).optional(),
    task_prompt: text("task_prompt"),
    rubric: text("rubric").optional(),
    expected_qualities: z
      .union([z.string(), z.array(z.string())], { error: "expected_qualities must be text or a list of texts" })
      .optional(),
    criterion: text("criterion").optional(),
    kind: z.enum(ITEM_KINDS, { error: `kind must be ${itemKindList()}` }).default(DEFAULT_ITEM_KIND),
    messages: z.array(message).default([]),
    final_output: text("final_output").nullable().optional(),
    final_state: z.unknown().optional(),
    outputs: z.strictObject({ a: text("outputs.a"), b: text("outputs.b") }).optional(),
    judge_verdicts: z.array(judgeVerdict).default([]),
  })
  .superRefine((line, ctx) => {
    const outputs = itemKind(line.kind).outputs;
    if (outputs === 2 && !line.outputs)
      ctx.addIssue({ code: "custom", path: ["outputs"], message: `a ${line.kind} item needs outputs.a and outputs.b` });
    if (outputs === 1 && line.outputs) {
      const two = twoOutputKinds();
      const setKind = two.map((k) => `"kind": "${k}"`).join(" or ");
      ctx.addIssue({
        code: "custom",
        path: ["outputs"],
        message: `outputs belong to ${two.join(" or ")} items: set ${setKind} or drop them`,
      });
    }
    line.judge_verdicts.forEach((v, i) => {
      const normalised = normaliseVerdict(line.kind, v.verdict, v.score);
      if ("error" in normalised) ctx.addIssue({ code: "custom", path: ["judge_verdicts", i, "verdict"], message: normalised.error });
    });
  });

export type JsonlLine = z.input<typeof jsonlLineSchema>;

/** One line's object as a NewTranscript (source "jsonl"); written worked examples take the same shape. */
export function jsonlTranscript(line: z.output<typeof jsonlLineSchema>): NewTranscript {
  const expected = Array.isArray(line.expected_qualities) ? line.expected_qualities.join("\n") : line.expected_qualities;
  return {
    source: "jsonl",
    externalId: line.id === undefined ? undefined : String(line.id),
    kind: line.kind,
    taskPrompt: line.task_prompt,
    rubric: line.rubric,
    criterion: line.criterion,
    finalOutput: line.final_output ?? undefined,
    content: {
      messages: line.messages.map((m) => ({
        role: m.role,
        ...(m.content !== undefined && m.content !== null ? { content: m.content } : {}),
        ...(m.name !== undefined ? { name: m.name } : {}),
        ...(m.tool_calls?.length ? { toolCalls: m.tool_calls } : {}),
      })),
      ...(line.final_state !== undefined ? { finalState: line.final_state } : {}),
      ...(line.outputs ? { outputs: line.outputs } : {}),
      ...(expected !== undefined ? { expected } : {}),
    },
  };
}

function toVerdicts(line: z.output<typeof jsonlLineSchema>): ImportedVerdict[] {
  return line.judge_verdicts.map((v) => {
    const normalised = normaliseVerdict(line.kind, v.verdict, v.score) as { value: string; score: number };
    return { judge: v.judge, value: normalised.value, score: normalised.score, reason: v.reason ?? null };
  });
}

/** JSON.parse's message with where on the line it stopped (lib/text/safe-json.ts adds the column). */
function jsonError(error: unknown): string {
  return lineJsonError(error instanceof Error ? error.message : String(error));
}

export function parseJsonl(input: string): ParseResult {
  const items: ImportItem[] = [];
  const errors: string[] = [];
  const lines = input.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((raw, index) => {
    if (!raw.trim()) return;
    const where = `line ${index + 1}`;
    const parsed = parseJsonSafely(raw);
    if (!("value" in parsed)) {
      errors.push(issueText(where, [], parsed.parse ? jsonError(new Error(parsed.error)) : parsed.error));
      return;
    }
    const value = parsed.value;
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      errors.push(issueText(where, [], "each line must be one JSON object ({...})"));
      return;
    }
    const line = jsonlLineSchema.safeParse(value);
    if (!line.success) {
      errors.push(...zodIssueTexts(where, line.error));
      return;
    }
    const transcript = newTranscriptSchema.safeParse(jsonlTranscript(line.data));
    if (!transcript.success) {
      errors.push(...zodIssueTexts(where, transcript.error));
      return;
    }
    items.push({ where, transcript: transcript.data, verdicts: toVerdicts(line.data) });
  });
  if (errors.length) return { ok: false, errors };
  if (items.length === 0) return { ok: false, errors: ["the file has no transcripts: expected one JSON object per line"] };
  return { ok: true, items };
}
