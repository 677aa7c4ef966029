/**
 * U+0000 (NUL) is valid in JSON and in JavaScript strings, and SQLite stores it, but PostgreSQL's
 * text and jsonb cannot: one NUL in an agent's output made a whole run fail on PostgreSQL while
 * SQLite stored it. One rule on both databases (docs/security.md, "Characters"):
 * - text an agent produced (its output, tool arguments and results, the final state, any message)
 *   has each NUL replaced by U+FFFD (�) where it enters a trial, before grading, so graders, the
 *   stored trial and the run record all see the same visible text;
 * - files and request bodies a person sends are refused naming the line and field
 *   (jsonValueProblem in safe-json.ts), and form fields are refused naming the field (defineAction).
 */
export const NUL = "\u0000";
export const NUL_REPLACEMENT = "\uFFFD";

/** Deeper structures are left as they are (an agent's JSON is bounded long before this). */
const MAX_DEPTH = 256;

/**
 * The value with every NUL in its strings and object keys replaced; the same reference when there
 * was none, so the common case allocates nothing.
 */
export function replaceNul<T>(value: T, depth = 0): T {
  if (typeof value === "string") return (value.includes(NUL) ? value.replaceAll(NUL, NUL_REPLACEMENT) : value) as T;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const cleaned = replaceNul(item, depth + 1);
      if (cleaned !== item) (out ??= [...value])[i] = cleaned;
    }
    return (out ?? value) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  let out: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const cleanedKey = replaceNul(key);
    const cleaned = replaceNul(item, depth + 1);
    if (cleaned !== item || cleanedKey !== key) {
      out ??= { ...(value as Record<string, unknown>) };
      if (cleanedKey !== key) delete out[key];
      out[cleanedKey] = cleaned;
    }
  }
  return (out ?? value) as T;
}

/** The path of the first string (or key) holding a NUL, as "a.b.0", or null. */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === "string") return value.includes(NUL) ? path.join(".") || "(value)" : null;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, "(a field name)"].join(".");
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
