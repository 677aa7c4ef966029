import { decodeUtf8 } from "../text/utf8";
import { detectFormat, FORMATS } from "./formats";
import { isZip } from "./peers/inspect-archive";
import { parseInspect } from "./peers/inspect";
import type { ParseResult, TranscriptFormat } from "./types";

export { detectFormat } from "./formats";

/**
 * A transcript file, as its bytes (what the CLI, the import form and the API hand over) or as text.
 * Bytes are read as what they are: a zip archive is an Inspect .eval log, read from the bytes;
 * anything else is strict UTF-8 text (an invalid byte is an error naming its line), then parsed in
 * the chosen or detected format.
 */
export function parseTranscriptFile(
  input: string | Uint8Array,
  format: TranscriptFormat | "auto" = "auto",
  fileName?: string | null,
): ParseResult & { format: TranscriptFormat } {
  let text: string;
  if (typeof input === "string") text = input;
  else if (isZip(input)) {
    if (format !== "auto" && format !== "inspect")
      return {
        ok: false,
        format,
        errors: [
          `this is a zip archive, not a ${format} file: of the formats only Inspect's .eval logs are zip archives (choose inspect or auto)`,
        ],
      };
    return { ...parseInspect(input), format: "inspect" };
  } else {
    const decoded = decodeUtf8(input);
    if (!decoded.ok) return { ok: false, errors: [decoded.error], format: format === "auto" ? detectFormat(fileName, "") : format };
    text = decoded.text;
  }
  const chosen = format === "auto" ? detectFormat(fileName, text) : format;
  return { ...FORMATS[chosen].parse(text), format: chosen };
}
