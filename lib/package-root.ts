import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/**
 * Gavel's own folder (where its package.json, prisma/ and datasets/ are), found from this module's
 * file: lib/ under tsx, dist/cli/ in the compiled CLI, node_modules/gavel/ when installed. Files
 * Gavel ships are read from here, never from the working directory, so `gavel` runs from any folder.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "gavel") return (cached = dir);
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = process.cwd());
    dir = parent;
  }
}
