import { detectFormat, FORMATS } from "./formats";
import type { ParseResult, TranscriptFormat } from "./types";

export { detectFormat } from "./formats";

export function parseTranscriptFile(
  text: string,
  format: TranscriptFormat | "auto" = "auto",
  fileName?: string | null,
): ParseResult & { format: TranscriptFormat } {
  const chosen = format === "auto" ? detectFormat(fileName, text) : format;
  return { ...FORMATS[chosen].parse(text), format: chosen };
}
