import { anyValueToJs, parseOtlp } from "../transcripts/otel";
import type { ImportItem } from "../transcripts/types";
import type { TraceFacts } from "./routing";

/**
 * A closed trace — every part stored for it, from however many requests — merged into one OTLP
 * request and turned into a transcript by THE SAME mapping as an OTLP file import
 * (lib/transcripts/otel.ts), so a live trace and the same trace exported to a file come in alike.
 * Pure.
 */

export type Assembled =
  | { outcome: "transcript"; item: ImportItem; notes: string[]; facts: TraceFacts }
  | { outcome: "skipped" | "error"; note: string; facts: TraceFacts };

type Request = { resourceSpans?: { resource?: { attributes?: unknown[] }; scopeSpans?: { spans?: { attributes?: unknown[] }[] }[] }[] };

function addAttributes(into: Map<string, Set<string>>, list: unknown[] | undefined) {
  for (const kv of list ?? []) {
    const { key, value } = (kv ?? {}) as { key?: unknown; value?: Parameters<typeof anyValueToJs>[0] };
    if (typeof key !== "string") continue;
    const js = anyValueToJs(value);
    const text = typeof js === "string" ? js : JSON.stringify(js);
    let set = into.get(key);
    if (!set) into.set(key, (set = new Set()));
    set.add(text);
  }
}

/** The service names and attributes rules are matched against. */
export function factsOf(traceId: string, request: Request): TraceFacts {
  const attributes = new Map<string, Set<string>>();
  for (const resource of request.resourceSpans ?? []) {
    addAttributes(attributes, resource.resource?.attributes);
    for (const scope of resource.scopeSpans ?? []) for (const span of scope.spans ?? []) addAttributes(attributes, span.attributes);
  }
  const services = new Set<string>();
  for (const resource of request.resourceSpans ?? []) {
    const names = new Map<string, Set<string>>();
    addAttributes(names, resource.resource?.attributes);
    for (const name of names.get("service.name") ?? []) services.add(name);
  }
  return { traceId, services: [...services], attributes };
}

/** Merges the stored parts (OTLP JSON text, oldest first) of one trace. */
export function mergeParts(parts: readonly string[]): Request {
  return { resourceSpans: parts.flatMap((part) => (JSON.parse(part) as Request).resourceSpans ?? []) };
}

export function assembleTrace(traceId: string, parts: readonly string[]): Assembled {
  const request = mergeParts(parts);
  const facts = factsOf(traceId, request);
  const result = parseOtlp(JSON.stringify(request));
  if (!result.ok) {
    const note = result.errors.join("; ");
    // The mapping reports a trace with nothing GenAI in it as an error for a whole file; live, such a
    // trace (a health check, an HTTP request) is simply not a conversation.
    return /^no GenAI spans/.test(note) ? { outcome: "skipped", note, facts } : { outcome: "error", note, facts };
  }
  const item = result.items.find((i) => i.transcript.externalId === traceId) ?? result.items[0];
  if (!item)
    return { outcome: "skipped", note: (result.skipped ?? []).map((s) => `${s.where}: ${s.why}`).join("; ") || "nothing to import", facts };
  return { outcome: "transcript", item, notes: result.notes ?? [], facts };
}
