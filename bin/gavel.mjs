#!/usr/bin/env node
// The `gavel` command: runs the compiled CLI in dist/cli/ (scripts/build-cli.mjs) in this process.
// In a checkout, a source file newer than the build (or no build at all) recompiles it first,
// which takes a few seconds, so the command never runs stale code. An installed package ships
// the build and no sources.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);

// `gavel --version` touches nothing but package.json: no staleness check, no CLI bundle. It names the
// package (as lib/package-root.ts's versionLine does), since npm's bare `gavel` is somebody else's.
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  const { name, version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  process.stdout.write(`${name} ${version}\n`);
} else {
  process.env.CHECKPOINT_DISABLE ??= "1";
  if (existsSync(path.join(root, "lib", "cli", "main.ts"))) {
    const { buildCli, isStale } = await import(pathToFileURL(path.join(root, "scripts", "build-cli.mjs")).href);
    if (isStale()) await buildCli({ quiet: true });
  }
  await import(pathToFileURL(path.join(root, "dist", "cli", "main.mjs")).href);
}
