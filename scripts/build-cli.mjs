#!/usr/bin/env node
// Compiles the `gavel` command (lib/cli/main.ts and everything it imports from this repository)
// into dist/cli/ with esbuild, so a start loads plain JavaScript instead of compiling TypeScript
// through tsx (1.2 s → about 0.1 s for `gavel --version`). Runs at `npm ci` (postinstall, after
// the Prisma clients are generated), before `npm pack`, and from bin/gavel.mjs whenever a source
// file is newer than the build. Dependencies stay in node_modules (external); code splitting keeps
// each command's imports out of the others' start-up.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CLI_DIST = path.join(root, "dist", "cli");
export const CLI_META = path.join(CLI_DIST, "meta.json");
/** npm rewrites this file whenever it installs, updates or removes a package in node_modules. */
const NPM_TREE = "node_modules/.package-lock.json";

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

/**
 * Packages left in node_modules: native code (better-sqlite3), WebAssembly loaded by relative path
 * (Prisma's runtime), loaders and tools started as processes (tsx, esbuild, prisma), and what only
 * the web app uses. Everything else is bundled: resolving and linking hundreds of small ES modules
 * (zod alone is 60) was most of a start.
 */
const EXTERNAL = [
  "better-sqlite3",
  "@prisma/*",
  "prisma",
  "prisma/*",
  "pg",
  "pg-*",
  "tsx",
  "tsx/*",
  "esbuild",
  "next",
  "next/*",
  "react",
  "react-dom",
  "pino",
  "pino-*",
];

/** Bundled CommonJS dependencies call require() and use __dirname: give the ES module both. */
const BANNER = [
  'import { createRequire as __gavelCreateRequire } from "node:module";',
  'import { fileURLToPath as __gavelFileURLToPath } from "node:url";',
  "const require = __gavelCreateRequire(import.meta.url);",
  "const __filename = __gavelFileURLToPath(import.meta.url);",
  'const __dirname = __filename.slice(0, __filename.lastIndexOf("/"));',
].join("\n");

/**
 * Builds into a fresh folder, then moves its files into dist/cli/: the content-hashed chunks first,
 * then main.mjs and meta.json, each by an atomic rename. A command already running keeps finding the
 * chunks it imports later, even when another start rebuilds meanwhile; chunks no build has used for
 * an hour are removed.
 */
export async function buildCli({ quiet = false } = {}) {
  const { build } = await import("esbuild");
  const started = Date.now();
  const tmp = path.join(path.dirname(CLI_DIST), `.cli-${process.pid}-${started}`);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: "lib/cli/main.ts" },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    external: EXTERNAL,
    banner: { js: BANNER },
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    tsconfig: path.join(root, "tsconfig.json"),
    plugins: [serverOnly],
    // jsonc-parser's "main" is a UMD build whose relative requires esbuild cannot follow; its ESM build bundles.
    alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
    metafile: true,
    sourcemap: "linked",
    logLevel: quiet ? "silent" : "warning",
  });
  // The staleness check stats every input at each start in a checkout: of ~1,400 inputs, ~1,100 are
  // bundled dependencies, which change only by an npm install — and that rewrites npm's own record
  // of the tree, node_modules/.package-lock.json, one stat instead of a thousand.
  const files = Object.keys(result.metafile.inputs).filter((file) => !file.includes(":"));
  const inputs = [...files.filter((file) => !file.split(/[\\/]/).includes("node_modules")), "tsconfig.json"];
  if (existsSync(path.join(root, NPM_TREE))) inputs.push(NPM_TREE);
  const chunks = path.join(CLI_DIST, "chunks");
  mkdirSync(chunks, { recursive: true });
  const current = new Set(readdirSync(path.join(tmp, "chunks")));
  for (const name of current) renameSync(path.join(tmp, "chunks", name), path.join(chunks, name));
  for (const name of ["main.mjs.map", "main.mjs"]) renameSync(path.join(tmp, name), path.join(CLI_DIST, name));
  writeFileSync(path.join(tmp, "meta.json"), JSON.stringify({ builtAt: started, inputs, chunks: [...current] }));
  renameSync(path.join(tmp, "meta.json"), CLI_META);
  rmSync(tmp, { recursive: true, force: true });
  for (const name of readdirSync(chunks)) {
    const file = path.join(chunks, name);
    if (!current.has(name) && statSync(file).mtimeMs < started - 3_600_000) rmSync(file, { force: true });
  }
  if (!quiet)
    console.log(
      `gavel CLI compiled into ${path.relative(process.cwd(), CLI_DIST) || CLI_DIST} in ${Date.now() - started} ms (${files.length} source files)`,
    );
}

/** A checkout (sources present), as opposed to an installed package that ships only the build. */
export const isCheckout = () => existsSync(path.join(root, "lib", "cli", "main.ts"));

/** No build yet, or a file it was built from (a source, the installed dependencies) changed or went away since. */
export function isStale() {
  let meta;
  try {
    meta = JSON.parse(readFileSync(CLI_META, "utf8"));
  } catch {
    return true;
  }
  if (!Array.isArray(meta.chunks)) return true; // a build from before meta.json listed its chunks
  for (const input of meta.inputs) {
    try {
      if (statSync(path.join(root, input)).mtimeMs > meta.builtAt) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Removes the chunks the current build does not use (kept an hour for commands still running), so
 * `npm pack` ships only what runs. Only at pack time: a command started from an older build meanwhile
 * is the price of a package without dead files.
 */
export function pruneChunks() {
  const { chunks: current } = JSON.parse(readFileSync(CLI_META, "utf8"));
  const chunks = path.join(CLI_DIST, "chunks");
  for (const name of readdirSync(chunks)) if (!current.includes(name)) rmSync(path.join(chunks, name), { force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --if-stale (npm pack): keep a current build rather than swap it under a running command.
  if (!process.argv.includes("--if-stale") || isStale()) await buildCli();
  if (process.argv.includes("--prune")) pruneChunks();
}
