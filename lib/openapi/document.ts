import { z } from "zod";
import { TOKEN_SCOPES } from "@/lib/token-scopes";
import { NAMED, OPERATIONS, type Auth, type Operation } from "./operations";

type JsonSchema = Record<string, unknown>;
const REF = (id: string) => `#/components/schemas/${id}`;

/**
 * Converts a set of named zod schemas in one pass (zod 4's z.toJSONSchema over a registry), so a
 * schema used twice is one component and every other use is a $ref to it. Requests are described as
 * the handler accepts them (io: "input": defaults optional, preprocessed fields as their input),
 * responses as sent.
 */
function components(schemas: Map<z.ZodType, string>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of schemas) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, { target: "draft-2020-12", io, unrepresentable: "any", uri: REF });
  // Each component is addressed by its place in the document: no $schema or $id of its own.
  for (const schema of Object.values(out)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return out as Record<string, JsonSchema>;
}

function security(auth: Auth): Record<string, string[]>[] | undefined {
  if (auth.kind === "public") return [];
  const bearer = auth.tokens.length ? [{ bearer: auth.tokens }] : [];
  return auth.kind === "token" ? bearer : [{ session: [] }, ...bearer];
}

function authText(auth: Auth): string {
  if (auth.kind === "public") return "Public: no session or token.";
  const tokens = auth.tokens.length ? `an API token (Authorization: Bearer) with ${auth.tokens.join(" or ")}` : "";
  if (auth.kind === "token") return `Only ${tokens}, whose owner's role allows ${auth.scope}; a session cookie is refused.`;
  return `A signed-in session whose role allows ${auth.scope}${tokens ? `, or ${tokens} (its owner's role allows ${auth.scope})` : "; API tokens are refused (403)"}.`;
}

/** Query parameters: one per property of the query validator. */
function parameters(operation: Operation, requests: Record<string, JsonSchema>) {
  const path = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (!operation.query) return path;
  const query = requests[operation.query.name]!;
  const required = new Set((query.required as string[] | undefined) ?? []);
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
  return [...path, ...Object.entries(properties).map(([name, schema]) => ({ name, in: "query", required: required.has(name), schema }))];
}

/** The OpenAPI 3.1 description of Gavel's HTTP API, from the validators the route handlers use. */
export function openApiDocument(version: string) {
  const requestSchemas = new Map<z.ZodType, string>();
  const responseSchemas = new Map<z.ZodType, string>(NAMED);
  for (const operation of OPERATIONS) {
    if (operation.query) requestSchemas.set(operation.query.schema, operation.query.name);
    if (operation.body && "validator" in operation.body) requestSchemas.set(operation.body.validator.schema, operation.body.validator.name);
    for (const [status, response] of Object.entries(operation.responses))
      if (response.schema && !responseSchemas.has(response.schema))
        responseSchemas.set(response.schema, `${operation.operationId}${status}`);
  }
  const requests = components(requestSchemas, "input");
  const responses = components(responseSchemas, "output");

  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const body = operation.body;
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      description: [operation.description, `Auth: ${authText(operation.auth)}`].filter(Boolean).join("\n\n"),
      security: security(operation.auth),
      "x-gavel-scope": operation.auth.kind === "public" ? null : operation.auth.scope,
      parameters: parameters(operation, requests),
      ...(body && {
        requestBody: {
          required: true,
          ...("validator" in body
            ? { content: { [body.contentType ?? "application/json"]: { schema: { $ref: REF(body.validator.name) } } } }
            : { description: body.description, content: Object.fromEntries(body.raw.map((type) => [type, {}])) }),
        },
      }),
      responses: Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            ...((response.schema || response.contentType) && {
              content: {
                [response.contentType ?? "application/json"]: response.schema
                  ? { schema: { $ref: REF(responseSchemas.get(response.schema)!) } }
                  : {},
              },
            }),
          },
        ]),
      ),
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Gavel API",
      version,
      description:
        "The HTTP API the `gavel` CLI, CI and scripts call. Every error is JSON ({error}, or {error, issues} for a 422) unless the operation says otherwise.",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    paths,
    components: {
      schemas: { ...responses, ...requests },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "A browser session (sign in at /login)." },
        bearer: {
          type: "http",
          scheme: "bearer",
          description: `A personal API token (gvl_…), created on the API tokens page. Scopes: ${Object.entries(TOKEN_SCOPES)
            .map(([name, scope]) => `${name} (${scope.description})`)
            .join("; ")}.`,
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
