#!/usr/bin/env node
// The `gavel` command: runs the compiled CLI in dist/cli/ (scripts/build-cli.mjs) in this process.
// In a checkout, a source file newer than the build (or no build at all) recompiles it first,
// which takes well under a second, so the command never runs stale code. An installed package
// ships the build and no sources to compare with.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist", "cli");

function isStale() {
  let meta;
  try {
    meta = JSON.parse(readFileSync(path.join(dist, "meta.json"), "utf8"));
  } catch {
    return true;
  }
  for (const input of meta.inputs) {
    let stat;
    try {
      stat = statSync(path.join(root, input));
    } catch {
      // A source that is gone: an installed package (no sources) or a file deleted in a checkout.
      if (existsSync(path.join(root, "lib", "cli", "main.ts"))) return true;
      continue;
    }
    if (stat.mtimeMs > meta.builtAt) return true;
  }
  return false;
}

process.env.CHECKPOINT_DISABLE ??= "1";
if (existsSync(path.join(root, "lib", "cli", "main.ts")) && isStale()) {
  const { buildCli } = await import(pathToFileURL(path.join(root, "scripts", "build-cli.mjs")).href);
  await buildCli({ quiet: true });
}
await import(pathToFileURL(path.join(dist, "main.mjs")).href);
