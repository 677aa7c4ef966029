import { readFileSync } from "node:fs";
import type { z } from "zod";
import { UsageError } from "./exit";

/**
 * A command's flags through its zod schema. Anything wrong is the user's to fix: a UsageError (exit 2)
 * naming every problem at once, joined by `separator`, so one attempt shows them all.
 */
export function parseFlags<T>(schema: z.ZodType<T>, raw: unknown, separator = "; "): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join(separator));
  return parsed.data;
}

/**
 * The text of a file the user named. One that cannot be read is a UsageError with the reason's code
 * (ENOENT, EACCES, EISDIR) rather than a stack trace; `name` is how the message calls it (a flag, say).
 */
export function readUserFile(file: string, name = file): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read ${name}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}
