import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Gavel's name on npm. The bare `gavel` belongs to somebody else's package (an HTTP validator). */
export const PACKAGE_NAME = "@gavel-evals/gavel";

let cached: string | undefined;

/**
 * Gavel's own folder (where its package.json, prisma/ and datasets/ are), found from this module's
 * file: lib/ under tsx, dist/cli/ in the compiled CLI, node_modules/@gavel-evals/gavel/ when installed.
 * Files Gavel ships are read from here, never from the working directory, so `gavel` runs from any folder.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === PACKAGE_NAME)
      return (cached = dir);
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = process.cwd());
    dir = parent;
  }
}

/** What `gavel --version` prints: the package's name and version, so nobody mistakes which `gavel` ran. */
export function versionLine(): string {
  const { name, version } = JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { name: string; version: string };
  return `${name} ${version}`;
}
