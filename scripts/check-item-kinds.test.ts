import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KIND_WORDS, kindBranches, kindBranchesIn, sourceFiles } from "./check-item-kinds";
import { SOURCES } from "./check-architecture";

const ROOT = path.resolve(import.meta.dirname, "..");
const written: string[] = [];
afterEach(() => {
  for (const file of written.splice(0)) rmSync(path.join(ROOT, file), { force: true });
});

describe("kind-branch-outside-registry", { timeout: 60_000 }, () => {
  it("holds on the tree: no source file outside lib/items/kinds.ts branches on a kind's name", () => {
    expect(kindBranches(sourceFiles(SOURCES))).toEqual([]);
  });

  it("fails on a planted branch in a real source folder, named by file and line", () => {
    const file = `lib/judges/kind-probe-${process.pid}.ts`;
    writeFileSync(
      path.join(ROOT, file),
      'export function orders(version: { parser: string }) {\n  return version.parser === "pairwise" ? 2 : 1;\n}\n',
    );
    written.push(file);
    expect(kindBranches(sourceFiles(["lib/judges"]))).toEqual([
      `kind-branch-outside-registry: ${file}:2: branches on "pairwise" (version.parser === "pairwise")`,
    ]);
  });

  it("reads every spelling of a kind branch: !==, a literal first, a kind variable, a parser, a switch, a .tsx page", () => {
    const code = [
      'if (queue.kind !== "graded") x();',
      'const a = "binary" === kind;',
      'const b = (item.judge!.kind as string) == "pairwise";',
      'const c = parser === "score_1_5" || judgeParser === "pass_fail";',
      'switch (stats.kind) { case "pairwise": break; case "other": break; }',
    ].join("\n");
    expect(kindBranchesIn("app/x/page.tsx", code).map((p) => p.replace(/ \(.*$/, ""))).toEqual([
      'app/x/page.tsx:1: branches on "graded"',
      'app/x/page.tsx:2: branches on "binary"',
      'app/x/page.tsx:3: branches on "pairwise"',
      'app/x/page.tsx:4: branches on "score_1_5"',
      'app/x/page.tsx:4: branches on "pass_fail"',
      'app/x/page.tsx:5: branches on "pairwise"',
    ]);
  });

  it("leaves alone what is not a branch on a kind: a kind as a value, another enum's word, the registry, tests", () => {
    const code = [
      'const row = { kind: "binary", parser: "pass_fail" };',
      'const where = { queue: { kind: "graded" } };',
      'if (d.type === "binary") x();',
      'const fallback = input.kind ?? "binary";',
    ].join("\n");
    expect(kindBranchesIn("lib/x.ts", code)).toEqual([]);
    const file = `lib/judges/kind-probe-${process.pid}.test.ts`;
    writeFileSync(path.join(ROOT, file), 'export const x = (kind: string) => kind === "pairwise";\n');
    written.push(file);
    expect(kindBranches([file, "lib/items/kinds.ts"])).toEqual([]);
  });

  it("knows every kind and parser of the registry", () => {
    expect([...KIND_WORDS].sort()).toEqual(["binary", "graded", "pairwise", "pass_fail", "score_1_5"]);
  });
});
