import { parseJsonl } from "./jsonl";
import { parseOtlp } from "./otel";
import type { ParseResult, TranscriptFormat } from "./types";

/**
 * The format of a transcript file: from its extension (.jsonl → JSONL, .json → OTLP JSON), else from
 * its content (an OTLP export names resourceSpans or resourceLogs near its start).
 */
const OTLP = /"resource(Spans|Logs)"/;
export function detectFormat(fileName: string | null | undefined, text: string): TranscriptFormat {
  const name = (fileName ?? "").toLowerCase();
  if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) return OTLP.test(text.slice(0, 4096)) ? "otel" : "jsonl";
  if (name.endsWith(".json")) return "otel";
  return OTLP.test(text.slice(0, 4096)) ? "otel" : "jsonl";
}

export function parseTranscriptFile(text: string, format: TranscriptFormat | "auto" = "auto", fileName?: string | null): ParseResult & { format: TranscriptFormat } {
  const chosen = format === "auto" ? detectFormat(fileName, text) : format;
  return { ...(chosen === "otel" ? parseOtlp(text) : parseJsonl(text)), format: chosen };
}
