import { parseArgilla } from "./argilla";
import { parseLabelStudio } from "./label-studio";
import { parseCsvLabels, parseJsonlLabels } from "./rows";
import type { LabelFileFormat, ParseOptions, ParsedLabels } from "./types";

export const LABEL_FILE_FORMATS = ["label-studio", "argilla", "jsonl", "csv"] as const satisfies readonly LabelFileFormat[];

/**
 * Reads a file of existing human labels. With format "auto": a JSON array whose elements have
 * `annotations` is Label Studio, one whose elements have `responses` and `fields` is Argilla; a file
 * of JSON lines is JSONL; anything else is tried as CSV.
 */
export function parseLabelFile(text: string, format: LabelFileFormat | "auto", options: ParseOptions = {}): ParsedLabels {
  const trimmed = text.trimStart();
  if (format === "label-studio" || format === "argilla" || (format === "auto" && trimmed.startsWith("["))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return {
        format: format === "auto" ? "label-studio" : format,
        labels: [],
        errors: [`not valid JSON: ${error instanceof Error ? error.message : String(error)}`],
        notes: [],
      };
    }
    if (!Array.isArray(parsed))
      return {
        format: format === "auto" ? "label-studio" : format,
        labels: [],
        errors: ["expected a JSON array of tasks or records"],
        notes: [],
      };
    const first = parsed.find((p) => p && typeof p === "object") as Record<string, unknown> | undefined;
    const kind = format !== "auto" ? format : first && "responses" in first && "fields" in first ? "argilla" : "label-studio";
    return kind === "argilla" ? parseArgilla(text, parsed, options) : parseLabelStudio(text, parsed, options);
  }
  if (format === "jsonl" || (format === "auto" && trimmed.startsWith("{"))) return parseJsonlLabels(text);
  return parseCsvLabels(text);
}

export type { ImportedLabel, LabelFileFormat, LabelSource, ParsedLabels } from "./types";
