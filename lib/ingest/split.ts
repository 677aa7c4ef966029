/**
 * One decoded ExportTraceServiceRequest split by trace: each trace's spans with their resource and
 * instrumentation scope, as an OTLP JSON request of its own (what is stored until the trace closes).
 * A span without a valid trace id, span id or start time is rejected by itself (OTLP's
 * partial success); a body that is not an export request at all is refused whole. Pure.
 */

export interface TracePart {
  traceId: string;
  spans: number;
  /** `{"resourceSpans":[…]}` with only this trace's spans. */
  request: { resourceSpans: unknown[] };
}

export type SplitResult =
  { ok: true; traces: TracePart[]; accepted: number; rejected: number; reasons: string[] } | { ok: false; error: string };

const HEX_TRACE = /^[0-9a-f]{32}$/;
const HEX_SPAN = /^[0-9a-f]{16}$/;
const ZERO = /^0+$/;
const NANOS = /^\d+$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Why the span cannot be stored, or null. Ids are hex in OTLP JSON (and after protobuf decoding). */
function spanProblem(span: unknown): string | null {
  if (!isObject(span)) return "a span is not an object";
  const traceId = typeof span.traceId === "string" ? span.traceId.toLowerCase() : "";
  if (!HEX_TRACE.test(traceId) || ZERO.test(traceId)) return "traceId must be 32 hex digits, not all zero";
  const spanId = typeof span.spanId === "string" ? span.spanId.toLowerCase() : "";
  if (!HEX_SPAN.test(spanId) || ZERO.test(spanId)) return "spanId must be 16 hex digits, not all zero";
  const start = span.startTimeUnixNano;
  if (!(typeof start === "number" ? Number.isInteger(start) && start >= 0 : typeof start === "string" && NANOS.test(start)))
    return "startTimeUnixNano must be a whole number of nanoseconds";
  return null;
}

function listAt(value: Record<string, unknown>, key: string, where: string): unknown[] | string {
  const list = value[key];
  if (list === undefined || list === null) return [];
  return Array.isArray(list) ? list : `${where}${key} must be a list`;
}

export function splitByTrace(request: unknown): SplitResult {
  if (!isObject(request)) return { ok: false, error: 'the body must be an ExportTraceServiceRequest object ({"resourceSpans": [...]})' };
  const resources = listAt(request, "resourceSpans", "");
  if (typeof resources === "string") return { ok: false, error: resources };
  const byTrace = new Map<string, { spans: number; resources: Map<number, { resource: unknown; scopes: Map<number, unknown[]> }> }>();
  const scopeOf = new Map<string, Record<string, unknown>>();
  let accepted = 0;
  let rejected = 0;
  const reasons = new Map<string, number>();
  for (const [r, resourceSpans] of resources.entries()) {
    if (!isObject(resourceSpans)) return { ok: false, error: `resourceSpans[${r}] must be an object` };
    const scopes = listAt(resourceSpans, "scopeSpans", `resourceSpans[${r}].`);
    if (typeof scopes === "string") return { ok: false, error: scopes };
    for (const [s, scopeSpans] of scopes.entries()) {
      if (!isObject(scopeSpans)) return { ok: false, error: `resourceSpans[${r}].scopeSpans[${s}] must be an object` };
      const spans = listAt(scopeSpans, "spans", `resourceSpans[${r}].scopeSpans[${s}].`);
      if (typeof spans === "string") return { ok: false, error: spans };
      for (const span of spans) {
        const problem = spanProblem(span);
        if (problem) {
          rejected++;
          reasons.set(problem, (reasons.get(problem) ?? 0) + 1);
          continue;
        }
        const record = span as Record<string, unknown>;
        const traceId = (record.traceId as string).toLowerCase();
        const normalised = { ...record, traceId, spanId: (record.spanId as string).toLowerCase() };
        let trace = byTrace.get(traceId);
        if (!trace) byTrace.set(traceId, (trace = { spans: 0, resources: new Map() }));
        let resource = trace.resources.get(r);
        if (!resource) trace.resources.set(r, (resource = { resource: resourceSpans.resource, scopes: new Map() }));
        let list = resource.scopes.get(s);
        if (!list) resource.scopes.set(s, (list = []));
        list.push(normalised);
        scopeOf.set(`${r}:${s}`, scopeSpans);
        trace.spans++;
        accepted++;
      }
    }
  }
  const traces: TracePart[] = [...byTrace].map(([traceId, trace]) => ({
    traceId,
    spans: trace.spans,
    request: {
      resourceSpans: [...trace.resources].map(([r, resource]) => ({
        ...(resource.resource === undefined ? {} : { resource: resource.resource }),
        scopeSpans: [...resource.scopes].map(([s, spans]) => {
          const scope = scopeOf.get(`${r}:${s}`)!;
          return { ...(scope.scope === undefined ? {} : { scope: scope.scope }), spans };
        }),
      })),
    },
  }));
  return { ok: true, traces, accepted, rejected, reasons: [...reasons].map(([why, n]) => `${n} span${n === 1 ? "" : "s"}: ${why}`) };
}
