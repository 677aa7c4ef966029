#!/usr/bin/env node
// Compiles the `gavel` command (lib/cli/main.ts and everything it imports from this repository)
// into dist/cli/ with esbuild, so a start loads plain JavaScript instead of compiling TypeScript
// through tsx (1.2 s → about 0.1 s for `gavel --version`). Runs at `npm ci` (postinstall, after
// the Prisma clients are generated), before `npm pack`, and from bin/gavel.mjs whenever a source
// file is newer than the build. Dependencies stay in node_modules (external); code splitting keeps
// each command's imports out of the others' start-up.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CLI_DIST = path.join(root, "dist", "cli");
export const CLI_META = path.join(CLI_DIST, "meta.json");

/**
 * `server-only` throws unless the react-server condition is set (which Next sets for server code
 * and tsx runs got from a flag). The CLI is server code by definition: the marker becomes empty.
 */
const serverOnly = {
  name: "server-only",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

/** Builds into a fresh folder beside dist/cli and swaps it in, so a concurrent start never sees half a build. */
export async function buildCli({ quiet = false } = {}) {
  const { build } = await import("esbuild");
  const started = Date.now();
  const tmp = `${CLI_DIST}.tmp-${process.pid}-${started}`;
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: "lib/cli/main.ts" },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    packages: "external",
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    tsconfig: path.join(root, "tsconfig.json"),
    plugins: [serverOnly],
    metafile: true,
    sourcemap: "linked",
    logLevel: quiet ? "silent" : "warning",
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.includes(":"));
  writeFileSync(path.join(tmp, "meta.json"), JSON.stringify({ builtAt: started, inputs }));
  mkdirSync(path.dirname(CLI_DIST), { recursive: true });
  const old = `${CLI_DIST}.old-${process.pid}-${started}`;
  try {
    renameSync(CLI_DIST, old);
  } catch {
    // no previous build
  }
  renameSync(tmp, CLI_DIST);
  rmSync(old, { recursive: true, force: true });
  if (!quiet) console.log(`gavel CLI compiled into ${path.relative(process.cwd(), CLI_DIST) || CLI_DIST} in ${Date.now() - started} ms (${inputs.length} source files)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
}
