import { parseTree, type ParseError } from "jsonc-parser";

/**
 * JSON from outside (uploaded files, API bodies): JSON.parse, then limits it does not apply itself.
 * A document nested thousands of levels deep parses, but then overflows the stack wherever it is
 * serialized or hashed; an escaped lone surrogate parses, but is not Unicode. Both are refused here
 * with a message naming the field, before anything else touches the value.
 */

/** Deeper documents are refused: serializing and hashing them recurses once per level. */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What is wrong with a parsed value that JSON.parse accepted: nesting deeper than MAX_JSON_DEPTH,
 * or a lone UTF-16 surrogate (an escaped "\ud800" is valid JSON but not valid Unicode: it cannot
 * be stored as UTF-8 nor hashed canonically) in a string or a field name. Walks without recursion,
 * so the check itself cannot overflow the stack. null when the value is fine.
 */
export function jsonValueProblem(value: unknown): string | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === "string") {
      const bad = LONE_SURROGATE.exec(v);
      if (bad) return `${where(path)}contains a lone surrogate (\\u${bad[0].charCodeAt(0).toString(16)}): not valid Unicode`;
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_JSON_DEPTH)
      return `nested deeper than ${MAX_JSON_DEPTH} levels (at ${path.slice(0, 6).join(".")}${path.length > 6 ? ".…" : ""})`;
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    for (const [key, item] of entries) {
      if (!Array.isArray(v) && LONE_SURROGATE.test(key)) return `${where(path)}a field name contains a lone surrogate: not valid Unicode`;
      stack.push({ value: item, path: [...path, printable(key)], depth: depth + 1 });
    }
  }
  return null;
}

const where = (path: string[]) => (path.length ? `${path.join(".")}: ` : "");

/** A field name as it may appear in a message: control characters (ESC, OSC …) escaped, at most 60 characters. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  const escaped = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return escaped.length > 60 ? `${escaped.slice(0, 57)}...` : escaped;
}

/** JSON.parse, then the checks above: `{ value }` or `{ error }` without a location (the caller adds it). */
export function parseJsonSafely(text: string): { value: unknown } | { error: string; parse: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: withLineAndColumn(error instanceof Error ? error.message : String(error), text), parse: true };
  }
  const problem = jsonValueProblem(value);
  return problem ? { error: problem, parse: false } : { value };
}

/**
 * JSON.parse does not always say where it stopped (Node 20: "Unexpected token ']', ... is not valid
 * JSON"); a person editing a file needs the line and column. The first syntax error's offset comes
 * from jsonc-parser's strict scan (no comments, no trailing commas), the message from JSON.parse.
 */
export function withLineAndColumn(message: string, text: string): string {
  if (/line \d+/.test(message)) return message;
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const offset = errors[0]?.offset ?? (/at position (\d+)/.exec(message) ? Number(/at position (\d+)/.exec(message)![1]) : null);
  if (offset === null) return message;
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `${message.replace(/ at position \d+/, "").replace(/\s*\n\s*/g, " ")} (at line ${line}, column ${column})`;
}
