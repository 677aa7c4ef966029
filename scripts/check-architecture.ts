/**
 * The architecture check run by `npm run lint` (docs/architecture.md):
 *  1. every rule of .dependency-cruiser.cjs (forbidden arrows between folders, dynamic imports included);
 *  2. no two folders import each other: a folder is lib/<name> (or a single file directly in lib/),
 *     app, graders, datasets, scripts, prisma or bin;
 *  3. no branch on an item kind's name outside its registry (scripts/check-item-kinds.ts).
 * One cruise of the import graph serves both. Exit code 1 when anything is found.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { cruise, type ICruiseOptions, type IModule } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { kindBranches, sourceFiles } from "./check-item-kinds";

const ROOT = path.resolve(import.meta.dirname, "..");
export const SOURCES = ["app", "lib", "graders", "datasets", "scripts", "prisma", "bin", "proxy.ts"];

/** The folder a module belongs to, for the mutual-import check. */
export function folderOf(modulePath: string): string | null {
  const parts = modulePath.split("/");
  if (parts[0] === "node_modules" || parts.length === 0) return null;
  if (parts[0] === "lib") return parts.length === 2 ? `lib/${parts[1]!.replace(/\.tsx?$/, "")}` : `lib/${parts[1]}`;
  if (parts.length === 1) return parts[0]!.replace(/\.(tsx?|mjs|cjs)$/, "");
  return parts[0]!;
}

/** Every pair of folders that import each other, each with one import per direction as evidence. */
export function mutualFolders(modules: IModule[]): string[] {
  const edges = new Map<string, string>();
  for (const m of modules) {
    const from = folderOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve) continue;
      const to = folderOf(d.resolved);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, `${m.source} -> ${d.resolved}`);
    }
  }
  const pairs: string[] = [];
  for (const [key, evidence] of edges) {
    const [from, to] = key.split(" -> ") as [string, string];
    const back = edges.get(`${to} -> ${from}`);
    if (back && from < to) pairs.push(`no-mutual-folders: ${from} and ${to} import each other (${evidence}; ${back})`);
  }
  return pairs.sort();
}

/** Cruises `files` (relative to the repository) and returns every architecture problem found. */
export async function checkArchitecture(files: string[] = SOURCES, options: { maxDepth?: number } = {}): Promise<string[]> {
  const config = createRequire(import.meta.url)(path.join(ROOT, ".dependency-cruiser.cjs")) as {
    forbidden: NonNullable<ICruiseOptions["ruleSet"]>["forbidden"];
    options: ICruiseOptions & { tsConfig: { fileName: string } };
  };
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const tsConfig = extractTSConfig(path.join(ROOT, config.options.tsConfig.fileName));
    const result = await cruise(
      files,
      { ...config.options, ...options, validate: true, ruleSet: { forbidden: config.forbidden } },
      config.options.enhancedResolveOptions ?? {},
      { tsConfig },
    );
    const output = result.output;
    if (typeof output === "string") throw new Error("dependency-cruiser returned text instead of a result");
    const violations = output.summary.violations.map((v) => {
      const via = v.via?.length ? ` (via ${v.via.map((step) => step.name).join(" -> ")})` : "";
      return `${v.rule.name}: ${v.from} -> ${v.to}${via}`;
    });
    return [...violations, ...mutualFolders(output.modules)];
  } finally {
    process.chdir(cwd);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The item-kind rule reads string compares, which no import graph shows (scripts/check-item-kinds.ts).
  const problems = [...(await checkArchitecture()), ...kindBranches(sourceFiles(SOURCES))];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} architecture problem(s): see docs/architecture.md and .dependency-cruiser.cjs.`);
    process.exitCode = 1;
  }
}
