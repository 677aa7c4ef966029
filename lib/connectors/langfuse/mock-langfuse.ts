import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";

/**
 * A Langfuse public API for tests, on 127.0.0.1: the three operations the connector uses
 * (projects_get, trace_list, trace_get), answered as Langfuse's published OpenAPI definition says
 * (testdata/langfuse-openapi.trimmed.json, a trimmed copy of web/public/generated/api/openapi.yml).
 * Every request's query is checked against the operation's declared parameters and every answer
 * against its response schema before it is sent: a client asking for something Langfuse does not
 * offer gets a 400, and a test whose data Langfuse could not have produced fails loudly. Faults
 * (429 with Retry-After, 500) are injected per request.
 */
type Json = Record<string, unknown>;

const SPEC_PATH = path.join(import.meta.dirname, "testdata", "langfuse-openapi.trimmed.json");

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: { type?: string; format?: string; items?: { type?: string } };
}

/** OpenAPI 3.0's `nullable` as JSON Schema: Ajv cannot take it beside a $ref or without a type. */
function jsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchema);
  if (!node || typeof node !== "object") return node;
  const { nullable, description: _description, ...rest } = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(rest))
    out[k] = k === "$ref" ? (v as string).replace("#/components/schemas/", "#/$defs/") : jsonSchema(v);
  if (nullable !== true) return out;
  if (typeof out.type === "string" && !out.$ref && !out.allOf && !out.oneOf) return { ...out, type: [out.type, "null"] };
  return { anyOf: [out, { type: "null" }] };
}

function loadSpec() {
  const spec = JSON.parse(readFileSync(SPEC_PATH, "utf8")) as {
    paths: Record<
      string,
      {
        get: {
          operationId: string;
          parameters: Parameter[];
          responses: Record<string, { content?: { "application/json": { schema: unknown } } }>;
        };
      }
    >;
    components: { schemas: Record<string, unknown> };
  };
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const defs = jsonSchema(spec.components.schemas) as Json;
  const validators = new Map<string, ValidateFunction>();
  for (const [route, { get }] of Object.entries(spec.paths)) {
    const schema = get.responses["200"]!.content!["application/json"].schema as Json;
    validators.set(route, ajv.compile({ ...(jsonSchema(schema) as Json), $defs: defs }));
  }
  return { spec, validators };
}

export interface MockTrace {
  id: string;
  timestamp: string;
  tags?: string[];
  input?: unknown;
  output?: unknown;
  observations?: Json[];
  scores?: Json[];
}

export interface MockLangfuse {
  url: string;
  /** Every request: path and query, in order. */
  requests: { path: string; query: URLSearchParams; status: number }[];
  /** Answers the next N requests with 429 and this Retry-After. */
  throttle(times: number, retryAfter: string): void;
  /** Answers requests matching `when` with a 500 while it is set. */
  failWhen(when: ((path: string, query: URLSearchParams) => boolean) | null): void;
  close(): Promise<void>;
}

const PROJECT = {
  id: "clproj000000000000000001",
  name: "refund-agent",
  organization: { id: "clorg0000000001", name: "Acme" },
  metadata: {},
};

/** A trace as trace_get returns it: every required field of TraceWithFullDetails filled as Langfuse fills it. */
export function fullTrace(t: MockTrace): Json {
  return {
    id: t.id,
    timestamp: t.timestamp,
    name: "refund-agent",
    input: t.input ?? null,
    output: t.output ?? null,
    sessionId: null,
    release: null,
    version: null,
    userId: null,
    metadata: {},
    tags: t.tags ?? [],
    public: false,
    environment: "default",
    htmlPath: `/project/${PROJECT.id}/traces/${t.id}`,
    latency: 1.25,
    totalCost: 0.0004,
    observations: t.observations ?? [],
    scores: t.scores ?? [],
  };
}

export async function startMockLangfuse(options: { publicKey: string; secretKey: string; traces: MockTrace[] }): Promise<MockLangfuse> {
  const { spec, validators } = loadSpec();
  const expected = `Basic ${Buffer.from(`${options.publicKey}:${options.secretKey}`).toString("base64")}`;
  const state = {
    requests: [] as MockLangfuse["requests"],
    throttled: 0,
    retryAfter: "0",
    failWhen: null as ((path: string, query: URLSearchParams) => boolean) | null,
  };
  const traces = [...options.traces].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || (a.id < b.id ? -1 : 1));

  const route = (pathname: string): [string, Record<string, string>] | null => {
    if (pathname === "/api/public/projects") return ["/api/public/projects", {}];
    if (pathname === "/api/public/traces") return ["/api/public/traces", {}];
    const m = /^\/api\/public\/traces\/([^/]+)$/.exec(pathname);
    return m ? ["/api/public/traces/{traceId}", { traceId: decodeURIComponent(m[1]!) }] : null;
  };

  /** The query against the operation's declared parameters: unknown names and wrong types are a 400. */
  const queryProblem = (parameters: Parameter[], query: URLSearchParams): string | null => {
    const declared = new Map(parameters.filter((p) => p.in === "query").map((p) => [p.name, p]));
    for (const name of new Set(query.keys())) {
      const p = declared.get(name);
      if (!p) return `unknown query parameter "${name}"`;
      const values = query.getAll(name);
      if (p.schema.type !== "array" && values.length > 1) return `"${name}" given ${values.length} times`;
      for (const v of values) {
        if (p.schema.type === "integer" && !/^\d+$/.test(v)) return `"${name}" must be an integer`;
        if (p.schema.format === "date-time" && Number.isNaN(Date.parse(v))) return `"${name}" must be a date-time`;
      }
    }
    return null;
  };

  const answer = (route: string, params: Record<string, string>, query: URLSearchParams): [number, unknown] => {
    if (route === "/api/public/projects") return [200, { data: [PROJECT] }];
    if (route === "/api/public/traces/{traceId}") {
      const t = traces.find((x) => x.id === params.traceId);
      return t ? [200, fullTrace(t)] : [404, { message: `Trace ${params.traceId} not found within authorized project` }];
    }
    const page = Number(query.get("page") ?? 1);
    const limit = Number(query.get("limit") ?? 50);
    if (page < 1 || limit < 1) return [400, { message: "page and limit start at 1" }];
    const order = query.get("orderBy");
    if (order !== null && order !== "timestamp.asc")
      return [400, { message: `the mock implements orderBy=timestamp.asc only, not ${order}` }];
    const from = query.get("fromTimestamp");
    const to = query.get("toTimestamp");
    const tags = query.getAll("tags");
    const matching = traces.filter(
      (t) =>
        (from === null || Date.parse(t.timestamp) >= Date.parse(from)) &&
        (to === null || Date.parse(t.timestamp) < Date.parse(to)) &&
        tags.every((tag) => (t.tags ?? []).includes(tag)),
    );
    const data = matching.slice((page - 1) * limit, page * limit).map((t) => {
      const { observations: _o, scores: _s, ...core } = fullTrace(t);
      return {
        ...core,
        input: null,
        output: null,
        metadata: null,
        observations: (t.observations ?? []).map((o) => o.id),
        scores: (t.scores ?? []).map((s) => s.id),
      };
    });
    return [200, { data, meta: { page, limit, totalItems: matching.length, totalPages: Math.ceil(matching.length / limit) } }];
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      state.requests.push({ path: url.pathname, query: url.searchParams, status });
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "GET") return send(405, { message: "the mock answers GET only" });
    if (req.headers.authorization !== expected) return send(401, { message: "Invalid credentials" });
    const found = route(url.pathname);
    if (!found) return send(404, { message: `no such route ${url.pathname}` });
    const [template, params] = found;
    const problem = queryProblem(spec.paths[template]!.get.parameters, url.searchParams);
    if (problem) return send(400, { message: problem });
    if (state.throttled > 0) {
      state.throttled--;
      return send(429, { message: "Rate limit exceeded" }, { "retry-after": state.retryAfter });
    }
    if (state.failWhen?.(url.pathname, url.searchParams)) return send(500, { message: "Internal Server Error" });
    const [status, body] = answer(template, params, url.searchParams);
    if (status === 200) {
      const validate = validators.get(template)!;
      if (!validate(body))
        return send(500, { message: `the mock's own answer breaks Langfuse's schema: ${JSON.stringify(validate.errors?.slice(0, 3))}` });
    }
    send(status, body);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    throttle(times, retryAfter) {
      state.throttled = times;
      state.retryAfter = retryAfter;
    },
    failWhen(when) {
      state.failWhen = when;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
