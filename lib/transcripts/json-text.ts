/**
 * Reading an untrusted file's JSON: one document, or one document per line. Every importer reads
 * through these functions, so the limits on hostile input live in one place. Errors say where:
 * "not valid JSON (… at line 3, column 6)", "line 4: not valid JSON (… at column 9)", "line 4: nested deeper than
 * 64 levels (at messages.0.content)", "line 4: messages.0.content: contains a lone surrogate (\ud800)"
 * (the depth and Unicode checks are lib/text/safe-json.ts).
 */
import { parseJsonSafely } from "../text/safe-json";

export function readJsonDocument(input: string): { value: unknown } | { error: string } {
  const text = input.replace(/^\uFEFF/, "");
  const parsed = parseJsonSafely(text);
  if ("value" in parsed) return parsed;
  return { error: parsed.parse ? `not valid JSON (${parsed.error})` : parsed.error };
}

/** One JSON value per non-blank line; every bad line is reported. */
export function readJsonLines(input: string): { lines: { line: number; value: unknown }[]; errors: string[] } {
  const lines: { line: number; value: unknown }[] = [];
  const errors: string[] = [];
  input
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((raw, i) => {
      if (!raw.trim()) return;
      const parsed = parseJsonSafely(raw);
      if ("value" in parsed) lines.push({ line: i + 1, value: parsed.value });
      else errors.push(`line ${i + 1}: ${parsed.parse ? lineJsonError(parsed.error) : parsed.error}`);
    });
  return { lines, errors };
}

/**
 * A file that is either one JSON document or a batch export with one value per line (a list of the
 * lines' values). When no more than one line reads, the file was meant as a single document, so its
 * error is the document's; otherwise every bad line is reported.
 */
export function readJsonOrLines(input: string): { ok: true; value: unknown } | { ok: false; errors: string[] } {
  const whole = readJsonDocument(input);
  if ("value" in whole) return { ok: true, value: whole.value };
  const lines = readJsonLines(input);
  if (lines.errors.length) return { ok: false, errors: lines.lines.length <= 1 ? [whole.error] : lines.errors };
  return { ok: true, value: lines.lines.map((l) => l.value) };
}

/**
 * A JSON error on one line of a file of lines: that line is its own document, so its "line 1" is the
 * file's line the caller names, and only the column is said.
 */
export function lineJsonError(message: string): string {
  return `not valid JSON (${message.replace(/ at line 1, column (\d+)$/, " at column $1")})`;
}
