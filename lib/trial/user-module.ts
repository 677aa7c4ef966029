import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

type ScopedRequire = (id: string, fromFile: string) => Record<string, unknown>;
let typescript: ScopedRequire | undefined;

/**
 * Imports a user's module: a suite's sandbox or a `module:` agent, often TypeScript. Under tsx or
 * vitest that just works; the compiled CLI is plain Node, which refuses `.ts`. Then tsx's in-thread
 * require hook loads it, scoped to these modules: tsx's ES-module loader would run every later
 * import of the process through a worker thread (a quarter of a second of a short run's start).
 */
export async function importUserModule(file: string): Promise<Record<string, unknown>> {
  try {
    return (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_UNKNOWN_FILE_EXTENSION") throw error;
  }
  if (!typescript) {
    const { register } = createRequire(import.meta.url)("tsx/cjs/api") as typeof import("tsx/cjs/api");
    typescript = register({ namespace: "gavel-user-modules" }).require as ScopedRequire;
  }
  return typescript(file, import.meta.url);
}
