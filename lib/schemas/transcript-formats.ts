/**
 * The transcript file formats Gavel imports, by name, for forms and flags (no parser code here:
 * the import form is a client component). The parsers and detection are in formats.ts.
 */
export const TRANSCRIPT_FORMATS = ["jsonl", "otel", "openai-chat", "promptfoo", "inspect", "langfuse"] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export const FORMAT_LABELS: Record<TranscriptFormat, string> = {
  jsonl: "Gavel JSONL transcripts",
  otel: "OpenTelemetry traces (OTLP JSON)",
  "openai-chat": 'OpenAI chat JSONL ({"messages": [...]} per line)',
  promptfoo: "promptfoo results.json",
  inspect: "Inspect AI log (.json or .eval)",
  langfuse: "Langfuse trace or observation export",
};
