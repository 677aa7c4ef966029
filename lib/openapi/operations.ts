import { z } from "zod";
import { exportOptions } from "@/lib/labeling/export-options";
import type { Scope } from "@/lib/roles";
import { auditQuery } from "@/lib/schemas/audit";
import { importOptions } from "@/lib/schemas/imports";
import { approveJudgeVersionBody } from "@/lib/schemas/judges";
import { RunCreateSchema, RunFinishSchema, RunStopSchema, TrialBatchSchema } from "@/lib/schemas/run-upload";
import { createUserInput } from "@/lib/schemas/users";
import type { TokenScope } from "@/lib/token-scopes";

/**
 * Every route handler under app/api and app/v1, as the OpenAPI description (lib/openapi/document.ts)
 * says it: the SAME zod objects the handlers parse with, named by the identifier the handler uses
 * (operations.test.ts reads each route file and fails when a route, a method, a validator or an auth
 * rule here differs from the handler's).
 */

/** A validator a handler calls (`name.parse(…)` / `name.safeParse(…)`), imported from `module`. */
export interface Validator {
  name: string;
  module: string;
  schema: z.ZodType;
}

export type Auth =
  | { kind: "public" }
  /** apiRoute(scope, …, { tokens }): a session whose role has `scope`, or a Bearer token holding one of `tokens`. */
  | { kind: "apiRoute"; scope: Scope; tokens: TokenScope[] }
  /** Only a Bearer token (a session cookie is refused). */
  | { kind: "token"; scope: Scope; tokens: TokenScope[] };

export interface Response {
  description: string;
  contentType?: string;
  schema?: z.ZodType;
}

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI form: /api/runs/{id}. A catch-all folder ([...nextauth]) is one {nextauth} segment here. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  query?: Validator;
  body?: { validator: Validator; contentType?: string } | { raw: string[]; description: string };
  responses: Record<number, Response>;
}

/** Response schemas with a name of their own in components.schemas (the rest are named after their operation). */
export const NAMED = new Map<z.ZodType, string>();
function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  const described = description ? (schema.describe(description) as T) : schema;
  NAMED.set(described, id);
  return described;
}

// ---- Response bodies (what the handlers answer; documentation, the handlers build them by hand) ----

export const ErrorBody = named("Error", z.object({ error: z.string() }), "Every refusal: a sentence naming the problem.");
export const ValidationErrorBody = named(
  "ValidationError",
  z.object({ error: z.literal("Invalid request."), issues: z.array(z.object({ path: z.string(), message: z.string() })) }),
  "422: the body or query failed its schema; each issue names where (a dotted path).",
);
const ImportErrors = named("ImportErrors", z.object({ ok: z.literal(false), errors: z.array(z.string()) }));

const RunCreated = named("RunCreated", z.object({ runId: z.string(), url: z.url() }));
const RunStatus = named(
  "RunStatus",
  z.object({
    id: z.string(),
    status: z.string(),
    gatePassed: z.boolean().nullable(),
    passRate: z.number().nullable(),
    scoredCount: z.int(),
    passedCount: z.int(),
    agentLabel: z.string().nullable(),
    gitBranch: z.string().nullable(),
    baselineRunId: z.string().nullable(),
    trials: z.int(),
  }),
);
const RunFinished = named(
  "RunFinished",
  z.object({
    summary: z.looseObject({ gate: z.looseObject({ passed: z.boolean() }) }),
    links: z.looseObject({ run: z.url() }),
  }),
  "The final summary with the server's baseline gates, the run's URL and each failing trial's.",
);
const PublicUser = named(
  "User",
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(["admin", "reviewer", "viewer"]),
    isAdjudicator: z.boolean(),
    disabledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
const AuditEvent = named(
  "AuditEvent",
  z.object({
    id: z.string(),
    at: z.iso.datetime(),
    actor: z.object({ id: z.string(), email: z.string() }).nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    details: z.unknown(),
  }),
);

const errors = {
  unauthenticated: { 401: { description: "Signed out, or the API token is unknown, revoked or its owner disabled.", schema: ErrorBody } },
  forbidden: { 403: { description: "The role or the token's scopes do not allow this.", schema: ErrorBody } },
  invalid: { 422: { description: "The body or query failed validation; nothing was written.", schema: ValidationErrorBody } },
  notFound: { 404: { description: "No such object.", schema: ErrorBody } },
  tooLarge: { 413: { description: "The body is over GAVEL_MAX_UPLOAD_MB; nothing was read further.", schema: ErrorBody } },
  json: { 415: { description: "The body is not sent as application/json.", schema: ErrorBody } },
} satisfies Record<string, Record<number, Response>>;
const guarded = { ...errors.unauthenticated, ...errors.forbidden };

const runs = "@/lib/schemas/run-upload";
const runWrite: Auth = { kind: "apiRoute", scope: "runs:write", tokens: ["runs:write"] };
/** What a runner's write to a run it started can meet: the run gone, finished or someone else's, a body not JSON or not valid. */
const runningRunErrors = {
  ...guarded,
  ...errors.notFound,
  409: { description: "The run is not running, or not yours.", schema: ErrorBody },
  ...errors.json,
  ...errors.invalid,
} satisfies Record<number, Response>;

export const OPERATIONS: Operation[] = [
  {
    method: "GET",
    path: "/api/health",
    operationId: "health",
    tag: "Service",
    summary: "Liveness: the app answers and its database is reachable.",
    description: "With ?demo=ready it answers 503 while the first start's demo data is loading.",
    auth: { kind: "public" },
    responses: {
      200: { description: "Up.", schema: z.object({ ok: z.boolean(), demo: z.string() }) },
      503: {
        description: "The database is unreachable (or the demo still loading, with ?demo=ready).",
        schema: z.object({ ok: z.boolean(), demo: z.string() }),
      },
    },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    operationId: "openapi",
    tag: "Service",
    summary: "This description (OpenAPI 3.1).",
    auth: { kind: "public" },
    responses: { 200: { description: "The OpenAPI document.", schema: z.looseObject({ openapi: z.literal("3.1.0") }) } },
  },
  {
    method: "GET",
    path: "/api/auth/{nextauth}",
    operationId: "authGet",
    tag: "Session",
    summary: "next-auth's endpoints (session, csrf, providers, signout page): sign in with a browser.",
    description: "GET /api/auth/session answers {} for a signed-out or ended session. The path segment is next-auth's (a catch-all).",
    auth: { kind: "public" },
    responses: { 200: { description: "next-auth's answer." } },
  },
  {
    method: "POST",
    path: "/api/auth/{nextauth}",
    operationId: "authPost",
    tag: "Session",
    summary: "next-auth's sign-in and sign-out (callback/credentials: email and password, form-encoded, with the csrf token).",
    auth: { kind: "public" },
    body: { raw: ["application/x-www-form-urlencoded"], description: "next-auth's form fields: csrfToken, email, password." },
    responses: {
      200: { description: "next-auth's answer (sets the session cookie on success)." },
      429: {
        description: "The sign-in throttle refused the attempt (Retry-After says when to try again).",
        schema: z.object({ url: z.string(), error: z.string() }),
      },
    },
  },
  {
    method: "POST",
    path: "/api/runs",
    operationId: "createRun",
    tag: "Runs",
    summary: "`gavel run --server` announces a run before its first trial.",
    auth: runWrite,
    body: { validator: { name: "RunCreateSchema", module: runs, schema: RunCreateSchema } },
    responses: {
      201: { description: "Created.", schema: RunCreated },
      ...guarded,
      409: { description: "A run with this id exists.", schema: ErrorBody },
      ...errors.json,
      ...errors.tooLarge,
      ...errors.invalid,
    },
  },
  {
    method: "GET",
    path: "/api/runs/{id}",
    operationId: "getRun",
    tag: "Runs",
    summary: "A run's status, verdict and counts.",
    auth: { kind: "apiRoute", scope: "read", tokens: ["read", "runs:write"] },
    responses: { 200: { description: "The run.", schema: RunStatus }, ...guarded, ...errors.notFound },
  },
  {
    method: "POST",
    path: "/api/runs/{id}/trials",
    operationId: "uploadTrials",
    tag: "Runs",
    summary: "A batch of finished trials of a running run of yours (a trial sent again replaces itself); an empty batch is a heartbeat.",
    auth: runWrite,
    body: { validator: { name: "TrialBatchSchema", module: runs, schema: TrialBatchSchema } },
    responses: {
      200: { description: "Stored.", schema: z.object({ stored: z.int() }) },
      ...runningRunErrors,
      ...errors.tooLarge,
    },
  },
  {
    method: "POST",
    path: "/api/runs/{id}/finish",
    operationId: "finishRun",
    tag: "Runs",
    summary: "Completes a run: the server evaluates the operational and trend gates against its history.",
    auth: runWrite,
    body: { validator: { name: "RunFinishSchema", module: runs, schema: RunFinishSchema } },
    responses: {
      200: { description: "The final summary and links.", schema: RunFinished },
      ...runningRunErrors,
      ...errors.tooLarge,
    },
  },
  {
    method: "POST",
    path: "/api/runs/{id}/stop",
    operationId: "stopRun",
    tag: "Runs",
    summary: "The runner stopped before the end (interrupted or an error).",
    auth: runWrite,
    body: { validator: { name: "RunStopSchema", module: runs, schema: RunStopSchema } },
    responses: {
      200: { description: "Recorded.", schema: z.object({ ok: z.literal(true) }) },
      ...runningRunErrors,
    },
  },
  {
    method: "POST",
    path: "/api/transcripts/import",
    operationId: "importTranscripts",
    tag: "Transcripts",
    summary: "Import a transcript file (JSONL, OTLP JSON, promptfoo, Inspect, Langfuse, OpenAI chat JSONL) into a label set.",
    description:
      "The file as the raw body with the options in the query, or as multipart field `file` with the options as fields (the same names). Nothing is written when the file or the mapping is bad.",
    auth: { kind: "apiRoute", scope: "queues:manage", tokens: ["transcripts:import"] },
    query: { name: "importOptions", module: "@/lib/schemas/imports", schema: importOptions },
    body: { raw: ["application/octet-stream", "multipart/form-data"], description: "The transcript file's bytes, or a multipart form." },
    responses: {
      200: { description: "Imported: counts and the import report.", schema: z.looseObject({ ok: z.literal(true) }) },
      400: { description: "The file, the multipart body or the mapping is bad: every problem, nothing written.", schema: ImportErrors },
      ...guarded,
      ...errors.tooLarge,
      ...errors.invalid,
    },
  },
  {
    method: "GET",
    path: "/api/queues/{queueId}/labels",
    operationId: "exportLabels",
    tag: "Labels",
    summary: "Every label of a label set, one row each (adjudicators and admins: it breaks blind review).",
    auth: { kind: "apiRoute", scope: "labels:adjudicate", tokens: [] },
    query: { name: "exportOptions", module: "@/lib/labeling/export-options", schema: exportOptions },
    responses: {
      200: { description: "The export file.", contentType: "text/csv" },
      ...guarded,
      ...errors.notFound,
      ...errors.invalid,
    },
  },
  {
    method: "GET",
    path: "/api/calibrations/{calibrationId}/pairs",
    operationId: "calibrationPairs",
    tag: "Judges",
    summary:
      "The (judge, human) pairs behind a calibration, as CSV, less the items the caller may still label (X-Gavel-Hidden-Pairs counts them).",
    auth: { kind: "apiRoute", scope: "read", tokens: [] },
    responses: { 200: { description: "CSV.", contentType: "text/csv" }, ...guarded, ...errors.notFound },
  },
  {
    method: "POST",
    path: "/api/judges/versions/{versionId}/approve",
    operationId: "approveJudgeVersion",
    tag: "Judges",
    summary: "Approve a judge version on a label set after re-checking every gate rule on the server (admins).",
    auth: { kind: "apiRoute", scope: "judges:approve", tokens: [] },
    body: { validator: { name: "approveJudgeVersionBody", module: "@/lib/schemas/judges", schema: approveJudgeVersionBody } },
    responses: {
      201: { description: "Approved.", schema: z.object({ approval: z.looseObject({ id: z.string(), versionHash: z.string() }) }) },
      ...guarded,
      ...errors.notFound,
      409: { description: "A gate rule does not hold (each named).", schema: ErrorBody },
      ...errors.json,
      ...errors.invalid,
    },
  },
  {
    method: "GET",
    path: "/api/audit",
    operationId: "auditEvents",
    tag: "Audit",
    summary: "Every matching audit event, newest first: JSON lines streamed (format=jsonl) or one page of 100 (format=json). Admins.",
    auth: { kind: "apiRoute", scope: "audit:read", tokens: [] },
    query: { name: "auditQuery", module: "@/lib/schemas/audit", schema: auditQuery },
    responses: {
      200: {
        description: "format=json: a page; format=jsonl: one AuditEvent per line (application/x-ndjson).",
        schema: z.object({ events: z.array(AuditEvent), total: z.int(), page: z.int(), pageSize: z.int() }),
      },
      ...guarded,
      ...errors.invalid,
    },
  },
  {
    method: "GET",
    path: "/api/users",
    operationId: "listUsers",
    tag: "Users",
    summary: "Every account (admins).",
    auth: { kind: "apiRoute", scope: "users:manage", tokens: [] },
    responses: { 200: { description: "The accounts.", schema: z.object({ users: z.array(PublicUser) }) }, ...guarded },
  },
  {
    method: "POST",
    path: "/api/users",
    operationId: "createUser",
    tag: "Users",
    summary: "Create an account (admins); without a password one is generated and returned once.",
    auth: { kind: "apiRoute", scope: "users:manage", tokens: [] },
    body: { validator: { name: "createUserInput", module: "@/lib/schemas/users", schema: createUserInput } },
    responses: {
      201: { description: "Created.", schema: z.object({ user: PublicUser, password: z.string().optional() }) },
      ...guarded,
      409: { description: "The email is taken.", schema: ErrorBody },
      ...errors.json,
      ...errors.invalid,
    },
  },
  {
    method: "POST",
    path: "/v1/traces",
    operationId: "ingestTraces",
    tag: "Traces",
    summary: "OTLP/HTTP trace export (protobuf or JSON, optionally gzip) from an OpenTelemetry SDK or Collector.",
    description: "Refusals are OTLP Status messages in the request's encoding (protobuf or JSON), not the JSON Error shape.",
    auth: { kind: "token", scope: "runs:write", tokens: ["traces:ingest"] },
    body: { raw: ["application/x-protobuf", "application/json"], description: "An ExportTraceServiceRequest." },
    responses: {
      200: { description: "An ExportTraceServiceResponse (partialSuccess counts rejected spans).", contentType: "application/x-protobuf" },
      400: { description: "The body could not be decoded.", contentType: "application/x-protobuf" },
      401: { description: "No token, or a bad one.", contentType: "application/x-protobuf" },
      403: { description: "The token lacks traces:ingest.", contentType: "application/x-protobuf" },
      413: { description: "Over GAVEL_MAX_UPLOAD_MB.", contentType: "application/x-protobuf" },
      415: { description: "Neither protobuf nor JSON.", contentType: "application/x-protobuf" },
    },
  },
];
