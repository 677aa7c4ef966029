import path from "node:path";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * What a command loads before it does anything is most of its time (README, Performance). These
 * follow the static imports of a command as the CLI bundle does (scripts/build-cli.mjs) and name the
 * chain that reaches a module the command must only load on demand (a dynamic import()).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

async function staticGraph(): Promise<Metafile["inputs"]> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ["lib/cli/main.ts"],
    bundle: true,
    write: false,
    splitting: true,
    format: "esm",
    platform: "node",
    outdir: "/nonexistent",
    metafile: true,
    logLevel: "silent",
    external: ["better-sqlite3", "pg", "pg-*", "tsx", "tsx/*", "esbuild", "next", "next/*", "react", "react-dom", "pino", "pino-*"],
    plugins: [
      {
        name: "server-only",
        setup(b) {
          b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
          b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
        },
      },
    ],
  });
  return result.metafile.inputs;
}

/** The shortest chain of static imports from `entry` to a module matching `target`, or null. */
function chainTo(inputs: Metafile["inputs"], entry: string, target: RegExp): string[] | null {
  const previous = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (target.test(file)) {
      const chain = [];
      for (let at: string | null = file; at; at = previous.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind !== "import-statement" && imported.kind !== "require-call") continue;
      if (!previous.has(imported.path)) {
        previous.set(imported.path, file);
        queue.push(imported.path);
      }
    }
  }
  return null;
}

describe("what a command loads at start", () => {
  it("gavel run: no Prisma client, pg, judge providers, or model SDKs until a run asks for them", { timeout: 120_000 }, async () => {
    const inputs = await staticGraph();
    const run = "lib/cli/commands/run.ts";
    expect(inputs[run]).toBeDefined();
    for (const target of [
      /^lib\/db\/client\.ts$/, // --resume and --judge start it; a plain run writes through lib/db/run-store.ts
      /^lib\/db\/generated\//,
      /^@prisma\/adapter-pg$/,
      /^pg$/,
      /^lib\/judging\//, // --judge, or a task naming a judge
      /node_modules\/openai\//, // --agent openai:…
      /node_modules\/@anthropic-ai\//,
      /node_modules\/@pydantic\/genai-prices\//,
    ]) {
      expect(chainTo(inputs, run, target), `${target} is statically imported`).toBeNull();
    }
  });
});
