import { z } from "zod";
import { DEFAULT_ITEM_KIND, ITEM_KINDS, itemKind } from "../items/kinds";

/**
 * The stored shape of a transcript, whatever it came from (a run, a JSONL file, OTLP spans, LLMBar,
 * HANNA). Every importer turns its input into NewTranscript and hands it to importTranscripts
 * (lib/db/transcripts.ts), so there is one write path: validate everything, then write all or nothing.
 *
 * Content is untrusted agent output. It is stored as given and always rendered as text.
 */
export const toolCallSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string().min(1, "a tool call needs a name"),
  arguments: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});

export const messageSchema = z.strictObject({
  role: z.enum(["system", "user", "assistant", "tool"]),
  content: z.string().optional(),
  /** The tool's name on a tool message, or a speaker name. */
  name: z.string().optional(),
  toolCalls: z.array(toolCallSchema).optional(),
});

export const transcriptContentSchema = z.strictObject({
  messages: z.array(messageSchema).default([]),
  finalState: z.unknown().optional(),
  /** Pairwise items: the two outputs, A first as shown to the human. */
  outputs: z.strictObject({ a: z.string(), b: z.string() }).optional(),
  /** Expected qualities or a reference answer, when the item has one. */
  expected: z.string().optional(),
  /**
   * What the source had that a transcript has no field for (a peer's scores, span attributes, trace
   * ids, images' descriptions): kept as given, shown to people, never read as a verdict. Keys are the
   * source's own names; the import report lists them.
   */
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const newTranscriptSchema = z
  .strictObject({
    /** Where it came from: run | jsonl | otel | llmbar | hanna. */
    source: z.string().min(1),
    /** The item's id in its source (a task id, a dataset row); shown to people, not trusted as unique. */
    externalId: z.string().min(1).optional(),
    trialId: z.string().optional(),
    kind: z.enum(ITEM_KINDS).default(DEFAULT_ITEM_KIND),
    taskPrompt: z.string(),
    rubric: z.string().optional(),
    criterion: z.string().optional(),
    finalOutput: z.string().optional(),
    content: transcriptContentSchema,
  })
  .superRefine((item, ctx) => {
    if (itemKind(item.kind).outputs === 2 && !item.content.outputs) {
      ctx.addIssue({ code: "custom", path: ["content", "outputs"], message: `a ${item.kind} item needs outputs.a and outputs.b` });
    }
  });

export type NewTranscript = z.input<typeof newTranscriptSchema>;
export type ParsedTranscript = z.output<typeof newTranscriptSchema>;
export type TranscriptContent = z.output<typeof transcriptContentSchema>;
