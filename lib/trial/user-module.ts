import { pathToFileURL } from "node:url";

let typescript: Promise<void> | undefined;

/**
 * Imports a user's module: a suite's sandbox or a `module:` agent, often TypeScript. Under tsx or
 * vitest that just works; the compiled CLI is plain Node, which refuses `.ts`, so tsx's loader is
 * registered the first time one is met (the start-up of a run without TypeScript modules pays nothing).
 */
export async function importUserModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  try {
    return (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ url)) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_UNKNOWN_FILE_EXTENSION") throw error;
  }
  typescript ??= import("tsx/esm/api").then(({ register }) => void register());
  await typescript;
  // A query makes it a fresh module URL: Node remembers the failed load of the plain one.
  return (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ `${url}?ts`)) as Record<string, unknown>;
}
