import { z } from "zod";
import { zodIssueTexts } from "../types";

/**
 * OTLP JSON (ExportTraceServiceRequest / ExportLogsServiceRequest, as the OTLP/HTTP JSON exporters
 * send them and the Collector's file exporter writes them) read into plain records: spans with their
 * attributes as JS values, and log records. Pure; every malformed span or log record is reported
 * with its path.
 */

type AnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number | string;
  bytesValue?: string;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
};
type KeyValue = { key: string; value?: AnyValue };

const anyValue: z.ZodType<AnyValue> = z.lazy(() =>
  z.looseObject({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string().regex(/^-?\d+$/, "intValue must be a whole number"), z.int()]).optional(),
    doubleValue: z.union([z.number(), z.string()]).optional(),
    bytesValue: z.string().optional(),
    arrayValue: z.looseObject({ values: z.array(anyValue).optional() }).optional(),
    kvlistValue: z.looseObject({ values: z.array(keyValue).optional() }).optional(),
  }),
);
const keyValue: z.ZodType<KeyValue> = z.lazy(() =>
  z.looseObject({ key: z.string({ error: "an attribute needs a key" }), value: anyValue.optional() }),
);

const nanos = z.union([z.string().regex(/^\d+$/, "must be a whole number of nanoseconds"), z.int().nonnegative()], {
  error: "must be a whole number of nanoseconds",
});

const spanSchema = z.looseObject({
  traceId: z.string({ error: "a span needs a traceId" }).min(1, "a span needs a traceId"),
  spanId: z.string({ error: "a span needs a spanId" }).min(1, "a span needs a spanId"),
  parentSpanId: z.string().optional(),
  name: z.string().default(""),
  startTimeUnixNano: nanos,
  endTimeUnixNano: nanos.optional(),
  attributes: z.array(keyValue).default([]),
  events: z
    .array(z.looseObject({ name: z.string().default(""), timeUnixNano: nanos.optional(), attributes: z.array(keyValue).default([]) }))
    .default([]),
  status: z.looseObject({ code: z.union([z.int(), z.string()]).optional(), message: z.string().optional() }).optional(),
});

const logSchema = z.looseObject({
  timeUnixNano: nanos.optional(),
  observedTimeUnixNano: nanos.optional(),
  traceId: z.string().optional(),
  spanId: z.string().optional(),
  eventName: z.string().optional(),
  attributes: z.array(keyValue).default([]),
  body: anyValue.optional(),
});

const scope = z.looseObject({ name: z.string().optional() }).optional();
const resource = z.looseObject({ attributes: z.array(keyValue).default([]) }).optional();

const requestSchema = z
  .looseObject({
    resourceSpans: z
      .array(
        z.looseObject({ resource, scopeSpans: z.array(z.looseObject({ scope, spans: z.array(z.unknown()).default([]) })).default([]) }),
      )
      .optional(),
    resourceLogs: z
      .array(
        z.looseObject({
          resource,
          scopeLogs: z.array(z.looseObject({ scope, logRecords: z.array(z.unknown()).default([]) })).default([]),
        }),
      )
      .optional(),
  })
  .refine((r) => r.resourceSpans !== undefined || r.resourceLogs !== undefined, {
    message: "an OTLP export has a resourceSpans (traces) or resourceLogs (logs) list",
    path: ["resourceSpans"],
  });

export function anyValueToJs(value: AnyValue | undefined): unknown {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(anyValueToJs);
  if (value.kvlistValue) return Object.fromEntries((value.kvlistValue.values ?? []).map((kv) => [kv.key, anyValueToJs(kv.value)]));
  return null;
}

export type Attributes = Map<string, unknown>;
const attributeMap = (list: KeyValue[]): Attributes => new Map(list.map((kv) => [kv.key, anyValueToJs(kv.value)]));

export interface LogRecord {
  traceId: string | null;
  spanId: string | null;
  time: bigint;
  /** LogRecord.eventName, else the event.name attribute. */
  eventName: string | null;
  attributes: Attributes;
  body: unknown;
  /** The attributes of the resource that emitted it (service.name, deployment.environment, ...). */
  resource: Attributes;
  order: number;
}

export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** The instrumentation scope that made it (`@traceloop/instrumentation-openai`, `ai`, ...). */
  scope: string | null;
  start: bigint;
  end: bigint;
  attributes: Attributes;
  /** The attributes of the resource that emitted it (service.name, telemetry.sdk.*, ...). */
  resource: Attributes;
  events: { name: string; time: bigint; attributes: Attributes }[];
  status: { error: boolean; message: string | null };
  /** Log records emitted inside this span (trace and span id match). */
  logs: LogRecord[];
  /** Position in the file, for stable ordering of equal times. */
  order: number;
  /** A span made up for log records whose span is not in the file. */
  synthetic: boolean;
}

/** "" for OTLP JSON's empty ids, which mean "none". */
const id = (value: string | undefined) => (value && !/^0+$/.test(value) ? value : null);

export interface Records {
  spans: SpanRecord[];
  /** Log records that belong to no trace: nothing ties them to a conversation. */
  untraced: number;
  errors: string[];
}

/** Every span and log record in the export requests; log records are attached to their spans. */
export function readRecords(docs: { where: string; value: unknown }[]): Records {
  const errors: string[] = [];
  const spans: SpanRecord[] = [];
  const logs: LogRecord[] = [];
  let order = 0;
  for (const doc of docs) {
    const request = requestSchema.safeParse(doc.value);
    if (!request.success) {
      errors.push(...zodIssueTexts(doc.where ? doc.where.replace(/: $/, "") : "the file", request.error));
      continue;
    }
    request.data.resourceSpans?.forEach((rs, r) => {
      const resourceAttributes = attributeMap(rs.resource?.attributes ?? []);
      rs.scopeSpans.forEach((ss, s) =>
        ss.spans.forEach((raw, k) => {
          const path = `${doc.where}resourceSpans[${r}].scopeSpans[${s}].spans[${k}]`;
          const parsed = spanSchema.safeParse(raw);
          if (!parsed.success) {
            const ids = raw && typeof raw === "object" ? (raw as { traceId?: unknown; spanId?: unknown }) : {};
            const label =
              typeof ids.traceId === "string" && typeof ids.spanId === "string" ? ` (trace ${ids.traceId} span ${ids.spanId})` : "";
            errors.push(...zodIssueTexts(`${path}${label}`, parsed.error));
            return;
          }
          const span = parsed.data;
          const start = BigInt(span.startTimeUnixNano);
          const end = span.endTimeUnixNano !== undefined ? BigInt(span.endTimeUnixNano) : start;
          const code = span.status?.code;
          spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: id(span.parentSpanId),
            name: span.name,
            scope: ss.scope?.name ?? null,
            start,
            end: end < start ? start : end,
            attributes: attributeMap(span.attributes),
            resource: resourceAttributes,
            events: span.events.map((e) => ({
              name: e.name,
              time: e.timeUnixNano !== undefined ? BigInt(e.timeUnixNano) : start,
              attributes: attributeMap(e.attributes),
            })),
            status: { error: code === 2 || code === "STATUS_CODE_ERROR", message: span.status?.message || null },
            logs: [],
            order: order++,
            synthetic: false,
          });
        }),
      );
    });
    request.data.resourceLogs?.forEach((rl, r) => {
      const resourceAttributes = attributeMap(rl.resource?.attributes ?? []);
      rl.scopeLogs.forEach((sl, s) =>
        sl.logRecords.forEach((raw, k) => {
          const parsed = logSchema.safeParse(raw);
          if (!parsed.success) {
            errors.push(...zodIssueTexts(`${doc.where}resourceLogs[${r}].scopeLogs[${s}].logRecords[${k}]`, parsed.error));
            return;
          }
          const log = parsed.data;
          const attributes = attributeMap(log.attributes);
          const named = log.eventName || attributes.get("event.name");
          const time = BigInt(log.timeUnixNano && log.timeUnixNano !== "0" ? log.timeUnixNano : (log.observedTimeUnixNano ?? 0));
          logs.push({
            traceId: id(log.traceId),
            spanId: id(log.spanId),
            time,
            eventName: typeof named === "string" ? named : null,
            attributes,
            body: anyValueToJs(log.body),
            resource: resourceAttributes,
            order: order++,
          });
        }),
      );
    });
  }
  return { ...attachLogs(spans, logs), errors };
}

/** Log records join their span; those whose span is not in the file get a synthetic span per (trace, span). */
function attachLogs(spans: SpanRecord[], logs: LogRecord[]): { spans: SpanRecord[]; untraced: number } {
  const byKey = new Map(spans.map((s) => [`${s.traceId}/${s.spanId}`, s]));
  let untraced = 0;
  for (const log of logs) {
    if (!log.traceId) {
      untraced++;
      continue;
    }
    const key = `${log.traceId}/${log.spanId ?? ""}`;
    let span = byKey.get(key);
    if (!span) {
      span = {
        traceId: log.traceId,
        spanId: log.spanId ?? "",
        parentSpanId: null,
        name: "(log records)",
        scope: null,
        start: log.time,
        end: log.time,
        attributes: new Map(),
        resource: log.resource,
        events: [],
        status: { error: false, message: null },
        logs: [],
        order: log.order,
        synthetic: true,
      };
      byKey.set(key, span);
      spans.push(span);
    }
    span.logs.push(log);
    if (span.synthetic) {
      if (log.time < span.start) span.start = log.time;
      if (log.time > span.end) span.end = log.time;
    }
  }
  return { spans, untraced };
}
