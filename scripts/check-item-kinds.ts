/**
 * The item-kind rule of docs/architecture.md, which dependency-cruiser cannot see (it reads imports, not string
 * compares): what an item kind does lives in its entry of lib/items/kinds.ts, so no other source file branches on a
 * kind's or a judge parser's name. Flagged, by the TypeScript syntax tree (no type checker, so it is fast):
 *  - `x.kind === "pairwise"`, `parser !== "pass_fail"`, `"graded" === kind` — a compare of a kind or parser name with
 *    anything whose name says kind or parser (an identifier or a property ending in kind / parser, any case);
 *  - `switch (queue.kind) { case "graded": … }` — a switch on such a name with a kind or parser name as a case.
 * Not flagged: a kind written as a value (a default, a Prisma `where`, a data set's plan), and other enums that share a
 * word ("binary" dimensions compare `d.type`). Tests, lib/testing/ and generated code may branch as they like.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ITEM_KIND_DEFINITIONS, ITEM_KINDS } from "../lib/items/kinds";

const ROOT = path.resolve(import.meta.dirname, "..");
const REGISTRY = "lib/items/kinds.ts";
/** Every kind's name and its judge parser's name. */
export const KIND_WORDS: ReadonlySet<string> = new Set(ITEM_KINDS.flatMap((k) => [k, ITEM_KIND_DEFINITIONS[k].parser]));

const SKIPPED = /(\.test\.tsx?$|^lib\/testing\/|^lib\/db\/generated\/|^e2e\/|\.d\.ts$)/;
const KIND_NAME = /(kind|parser)$/i;

/** The name an expression reads: `kind`, `queue.kind` → "kind", `judge.parser` → "parser"; null for anything else. */
function nameOf(node: ts.Expression): string | null {
  let e = node;
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e)) e = e.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isElementAccessExpression(e) && ts.isStringLiteral(e.argumentExpression)) return e.argumentExpression.text;
  return null;
}

const kindLiteral = (node: ts.Expression): string | null =>
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && KIND_WORDS.has(node.text) ? node.text : null;
const isKindName = (node: ts.Expression) => KIND_NAME.test(nameOf(node) ?? "");

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Every kind-specific branch in one file's text, as "file:line: code". */
export function kindBranchesIn(file: string, text: string): string[] {
  // Most files never spell a kind: skip parsing them.
  if (![...KIND_WORDS].some((word) => text.includes(`"${word}"`) || text.includes(`'${word}'`) || text.includes(`\`${word}\``))) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, word: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${file}:${line}: branches on "${word}" (${node.getText(source).replace(/\s+/g, " ").slice(0, 80)})`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const word = kindLiteral(node.right) ?? kindLiteral(node.left);
      const other = kindLiteral(node.right) ? node.left : node.right;
      if (word && isKindName(other)) report(node, word);
    }
    if (ts.isSwitchStatement(node) && isKindName(node.expression)) {
      for (const clause of node.caseBlock.clauses) {
        const word = ts.isCaseClause(clause) ? kindLiteral(clause.expression) : null;
        if (word) report(clause, word);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every kind-specific branch outside the registry among `files` (paths relative to the repository). */
export function kindBranches(files: readonly string[]): string[] {
  return files
    .filter((file) => /\.tsx?$/.test(file) && file !== REGISTRY && !SKIPPED.test(file))
    .flatMap((file) => kindBranchesIn(file, readFileSync(path.join(ROOT, file), "utf8")))
    .map((problem) => `kind-branch-outside-registry: ${problem}`);
}

/** The TypeScript files under the checked folders (the ones the architecture check cruises). */
export function sourceFiles(roots: readonly string[]): string[] {
  return roots.flatMap((root) => {
    const full = path.join(ROOT, root);
    if (/\.tsx?$/.test(root)) return [root];
    return (readdirSync(full, { recursive: true }) as string[])
      .map((file) => `${root}/${file.split(path.sep).join("/")}`)
      .filter((file) => /\.tsx?$/.test(file) && !file.includes("node_modules/"));
  });
}
