import type { TranscriptFormat } from "../schemas/transcript-formats";
import { parseJsonl } from "./jsonl";
import { parseOtlp } from "./otel";
import { parseInspect } from "./peers/inspect";
import { parseLangfuse } from "./peers/langfuse";
import { parseOpenAiChat } from "./peers/openai-chat";
import { parsePromptfoo } from "./peers/promptfoo";
import type { ParseResult } from "./types";

/**
 * Every transcript file format: its parser and how to recognise it from the start of a file. One
 * registry: the CLI's --format, the import form and POST /api/transcripts/import all take these names.
 */
interface FormatDefinition {
  parse(text: string): ParseResult;
  /** Whether the file's first bytes (and first line, parsed when it is whole JSON) look like this format. */
  sniff(head: string, firstLine: Record<string, unknown> | null): boolean;
}

export const FORMATS = {
  otel: { parse: parseOtlp, sniff: (head) => /"resource(Spans|Logs)"/.test(head) },
  promptfoo: {
    parse: parsePromptfoo,
    sniff: (head) => /"evalId"\s*:/.test(head) || (/"promptIdx"\s*:/.test(head) && /"testIdx"\s*:/.test(head)),
  },
  inspect: {
    parse: parseInspect,
    sniff: (head) =>
      head.startsWith("PK\u0003\u0004") ||
      (/"eval"\s*:\s*\{/.test(head) && /"task"\s*:/.test(head) && /"(samples|plan|status)"\s*:/.test(head)),
  },
  langfuse: {
    parse: parseLangfuse,
    sniff: (head, first) =>
      /"observations"\s*:\s*\[/.test(head) ||
      (/"type"\s*:\s*"(GENERATION|SPAN|EVENT|AGENT|TOOL|CHAIN|RETRIEVER|EVALUATOR|EMBEDDING|GUARDRAIL)"/.test(head) &&
        /"traceId"\s*:/.test(head)) ||
      (first !== null && typeof first.traceId === "string" && typeof first.type === "string"),
  },
  "openai-chat": {
    parse: parseOpenAiChat,
    sniff: (_head, first) => first !== null && Array.isArray(first.messages) && !("task_prompt" in first),
  },
  jsonl: { parse: parseJsonl, sniff: (_head, first) => first !== null && "task_prompt" in first },
} satisfies Record<TranscriptFormat, FormatDefinition>;

/** The order formats are tried in: the most distinctive first. */
const DETECTION_ORDER: TranscriptFormat[] = ["otel", "promptfoo", "inspect", "langfuse", "openai-chat", "jsonl"];

function firstLine(head: string): Record<string, unknown> | null {
  const line = head
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .find((l) => l.trim());
  if (!line) return null;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The format of a transcript file, from its content (the first 64 KB); when nothing there decides,
 * from its extension (.jsonl → Gavel JSONL, .json → OTLP JSON).
 */
export function detectFormat(fileName: string | null | undefined, text: string): TranscriptFormat {
  const head = text.slice(0, 65_536);
  const first = firstLine(head);
  const found = DETECTION_ORDER.find((format) => FORMATS[format].sniff(head, first));
  if (found) return found;
  const name = (fileName ?? "").toLowerCase();
  if (name.endsWith(".eval")) return "inspect";
  if (name.endsWith(".json")) return "otel";
  return "jsonl";
}
