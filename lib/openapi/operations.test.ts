import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { OPERATIONS, type Operation } from "./operations";

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS = /export (?:const|(?:async )?function) (GET|POST|PUT|PATCH|DELETE)\b/g;

/** Every route handler file under app/api and app/v1, with the OpenAPI path its folder makes. */
function routeFiles(dir: string): { file: string; path: string }[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) return routeFiles(rel);
    if (name !== "route.ts") return [];
    const url = `/${path.dirname(rel).replace(/^app\//, "")}`.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
    return [{ file: rel, path: url }];
  });
}
const ROUTES = [...routeFiles("app/api"), ...routeFiles("app/v1")];
const fileOf = (operation: Operation) => ROUTES.find((route) => route.path === operation.path)!.file;

/** The part of a route file that defines one method's export (the whole file when it defines one). */
function methodSource(source: string, method: string): string {
  const start = source.search(new RegExp(`export (?:const|(?:async )?function) ${method}\\b`));
  const next = source.slice(start + 1).search(/\nexport /);
  const own = next < 0 ? source.slice(start) : source.slice(start, start + 1 + next);
  return own.includes("apiRoute(") ? own : source;
}

const list = (text: string | undefined) => (text ? [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) : []);

/** Where a route's source says something the description does not: its validators, its auth. */
export async function routeProblems(operation: Operation, source: string): Promise<string[]> {
  const problems: string[] = [];
  const own = methodSource(source, operation.method);
  const validators = [operation.query, operation.body && "validator" in operation.body ? operation.body.validator : undefined].filter(
    (v) => v !== undefined,
  );
  for (const validator of validators) {
    if (!new RegExp(`\\b${validator.name}\\.(?:safeParse|parse)\\(`).test(own))
      problems.push(`${operation.method} ${operation.path} does not parse with ${validator.name}`);
    if (!new RegExp(`import \\{[^}]*\\b${validator.name}\\b[^}]*\\} from "${validator.module}"`).test(source))
      problems.push(`${operation.method} ${operation.path} does not import ${validator.name} from ${validator.module}`);
    const exported = ((await import(/* @vite-ignore */ validator.module)) as Record<string, unknown>)[validator.name];
    if (exported !== validator.schema) problems.push(`${validator.module} exports no ${validator.name} that is the described schema`);
  }
  // Any zod parse in the handler must be one the description names.
  for (const [, name] of own.matchAll(/\b(\w+)\.(?:safeParse|parse)\(/g))
    if (name !== "JSON" && !validators.some((v) => v.name === name))
      problems.push(`${operation.method} ${operation.path} parses with ${name}, which the description does not name`);
  const call = /apiRoute(?:<[^>]*>)?\(\s*"([^"]+)"/.exec(own);
  const tokens = /tokens:\s*\[([^\]]*)\]/.exec(own);
  if (operation.auth.kind === "public") {
    if (call) problems.push(`${operation.method} ${operation.path} is described as public but calls apiRoute("${call[1]}")`);
  } else {
    if (call?.[1] !== operation.auth.scope)
      problems.push(`${operation.method} ${operation.path} needs ${call?.[1] ?? "no scope"}, described as ${operation.auth.scope}`);
    if (list(tokens?.[1]).join(",") !== operation.auth.tokens.join(","))
      problems.push(
        `${operation.method} ${operation.path} accepts tokens [${list(tokens?.[1]).join(", ")}], described as [${operation.auth.tokens.join(", ")}]`,
      );
    if ((operation.auth.kind === "token") !== /if \(!isTokenRequest\(request\)\)/.test(source))
      problems.push(`${operation.method} ${operation.path}: whether a session is refused differs from the description`);
  }
  return problems;
}

describe("the OpenAPI description", () => {
  it("describes every route handler under app/api and app/v1, each method once, and nothing else", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(14);
    const handlers = ROUTES.flatMap(({ file, path: url }) =>
      [...readFileSync(path.join(ROOT, file), "utf8").matchAll(METHODS)].map(([, method]) => `${method} ${url}`),
    ).sort();
    const described = OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).sort();
    expect(described).toEqual(handlers);
    expect(new Set(OPERATIONS.map((operation) => operation.operationId)).size).toBe(OPERATIONS.length);
  });

  it("names the validators each handler parses with (the same zod objects) and its auth exactly", async () => {
    const problems = (
      await Promise.all(OPERATIONS.map((operation) => routeProblems(operation, readFileSync(path.join(ROOT, fileOf(operation)), "utf8"))))
    ).flat();
    expect(problems).toEqual([]);
  });

  it("catches a handler that drifts: another validator, another scope, another token list", async () => {
    const create = OPERATIONS.find((operation) => operation.operationId === "createRun")!;
    const source = readFileSync(path.join(ROOT, fileOf(create)), "utf8");
    expect(await routeProblems(create, source.replace("RunCreateSchema.parse(", "RunCreateSchemaV2.parse("))).toEqual([
      "POST /api/runs does not parse with RunCreateSchema",
      "POST /api/runs parses with RunCreateSchemaV2, which the description does not name",
    ]);
    expect(await routeProblems(create, source.replace('apiRoute(\n  "runs:write"', 'apiRoute(\n  "read"'))).toEqual([
      "POST /api/runs needs read, described as runs:write",
    ]);
    expect(await routeProblems(create, source.replace('{ tokens: ["runs:write"] }', '{ tokens: ["runs:write", "read"] }'))).toEqual([
      "POST /api/runs accepts tokens [runs:write, read], described as [runs:write]",
    ]);
  });

  it("is a valid OpenAPI 3.1 document whose references all resolve", async () => {
    const document = openApiDocument("0.1.0");
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it("puts each request body's schema in the document as the handler's validator accepts it", () => {
    const document = openApiDocument("0.1.0");
    const create = document.components.schemas.RunCreateSchema as { required: string[]; additionalProperties: boolean };
    expect(create.required).toEqual(expect.arrayContaining(["id", "suite", "agentSpec", "source", "trialsPerTask", "baseline"]));
    expect(create.additionalProperties).toBe(false); // z.strictObject: an unknown field is a 422
    const post = document.paths["/api/runs/{id}/trials"]!.post as { security: unknown; parameters: { name: string; in: string }[] };
    expect(post.security).toEqual([{ session: [] }, { bearer: ["runs:write"] }]);
    expect(post.parameters).toEqual([expect.objectContaining({ name: "id", in: "path" })]);
    const audit = document.paths["/api/audit"]!.get as { security: unknown; parameters: { name: string; in: string }[] };
    expect(audit.security).toEqual([{ session: [] }]);
    expect(audit.parameters.map((p) => p.name)).toEqual(["actor", "action", "type", "object", "page", "format"]);
  });
});
