import { newTranscriptSchema } from "../../schemas/transcripts";
import { assemble, type ModelCall, type Timed, type ToolRun } from "../chat/conversation";
import { readMessage, type ReadMessage } from "../chat/messages";
import { zodIssueTexts, type ImportedScore, type ImportItem, type SkippedPart } from "../types";
import { unquote, unwrap } from "./langfuse-values";

/**
 * One Langfuse trace — the trace row, its observations and its scores, as a trace download, the
 * public API (GET /api/public/traces/{id}) or a pull hands them over — as one transcript:
 *  - GENERATION observations are model calls (input: the messages sent, output: the reply), in
 *    whatever shape the framework logged them (langfuse-values.ts). A GENERATION inside another
 *    GENERATION is a second instrumentation's record of the same call and is not read twice.
 *  - TOOL observations (and spans that say they executed a tool) are tool runs, paired with the
 *    model's call by gen_ai.tool.call.id, else by name and arguments; level ERROR is the error.
 *  - the trace's own input and output are the request and the answer; they repeat the model calls,
 *    so they only fill in what the generations lack.
 *  - scores are kept as they are (ImportItem.scores and metadata "langfuse.scores"): a score is a
 *    verdict only through a mapping the user gives (score-mapping.ts).
 * What has no transcript field (tool definitions, provider response fields, the trace's name, tags,
 * session and user) is kept in content.metadata and named in `unmapped`.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);

export interface LangfuseTraceInput {
  /** The trace row (id, name, input, output, tags, …); may be absent in an observations-only export. */
  trace?: Obj | null;
  observations?: Obj[];
  scores?: Obj[];
}

export type LangfuseTraceResult =
  { ok: true; item: ImportItem; notes: string[] } | { ok: false; skipped: SkippedPart } | { ok: false; errors: string[] };

/** A Langfuse score as it is: NUMERIC its number, BOOLEAN true/false, CATEGORICAL its text. */
export function langfuseScore(raw: Obj): ImportedScore | null {
  const name = str(raw.name);
  if (!name) return null;
  const type = String(raw.dataType ?? "").toUpperCase();
  const value =
    type === "CATEGORICAL"
      ? str(raw.stringValue)
      : type === "BOOLEAN"
        ? raw.value === 1 || raw.value === true
        : typeof raw.value === "number"
          ? raw.value
          : (str(raw.stringValue) ?? (typeof raw.value === "boolean" ? raw.value : undefined));
  if (value === undefined) return null;
  return {
    name,
    value,
    ...(str(raw.comment) ? { comment: raw.comment as string } : {}),
    ...(str(raw.source) ? { source: raw.source as string } : {}),
    ...(str(raw.authorUserId) ? { author: raw.authorUserId as string } : {}),
  };
}

const time = (value: unknown) => {
  const t = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? 0n : BigInt(t) * 1_000_000n;
};

const attributesOf = (o: Obj): Obj => (isObj(o.metadata) && isObj(o.metadata.attributes) ? o.metadata.attributes : {});
/** Span names that wrap a tool's name ("execute_tool say_hello", "running tool: get_pun"). */
const TOOL_NAME_PREFIX = /^(execute_tool |running tool: |tool\.)/;

export function isToolRun(o: Obj, type: string): boolean {
  if (type === "TOOL") return true;
  const attrs = attributesOf(o);
  return type === "SPAN" && (attrs["gen_ai.operation.name"] === "execute_tool" || typeof attrs["gen_ai.tool.call.id"] === "string");
}

function readAll(list: Obj[], role: "user" | "assistant", at: string, errors: string[]): ReadMessage[] {
  const out: ReadMessage[] = [];
  list.forEach((m, i) => {
    const read = readMessage(m, role);
    if (typeof read === "string") errors.push(`${at}: [${i}]: ${read}`);
    else out.push(read);
  });
  return out;
}

/**
 * The "everything not read" pass of a Langfuse trace. Each row's fields are read, kept, or
 * bookkeeping: BOOKKEEPING names the last (the project, when Langfuse wrote or changed the row);
 * an empty value (null, "", [], {}, level DEFAULT) carries nothing. Everything else a row carries
 * that the mapping below does not read is kept in content.metadata and named as trace.K,
 * observation.K or score.K.
 */
export const BOOKKEEPING = new Set(["projectId", "createdAt", "updatedAt"]);
/** What is read of every observation (its identity, place and time); the rest depends on its type. */
const OBSERVATION_READS = new Set(["id", "traceId", "type", "parentObservationId", "startTime", "endTime"]);
/** A tool run's arguments, result and outcome, and its name. */
const TOOL_READS = new Set(["name", "input", "output", "level", "statusMessage"]);
/** A model call's messages (what unwrap leaves of them is kept as langfuse.requests / langfuse.responses). */
const GENERATION_READS = new Set(["input", "output"]);
const TRACE_READS = new Set(["id", "input", "output", "observations", "scores"]);
const SCORE_READS = new Set(["name", "dataType", "value", "stringValue", "comment", "source", "authorUserId", "traceId", "id"]);

/** What the mapping reads of each row, by kind (the walking test in corpus/unmapped.test.ts holds it to this). */
export const LANGFUSE_READS = {
  trace: TRACE_READS,
  observation: OBSERVATION_READS,
  tool: TOOL_READS,
  generation: GENERATION_READS,
  score: SCORE_READS,
};

export const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length) || (isObj(v) && !Object.keys(v).length);

/** A row's fields that are neither read, bookkeeping nor empty. */
function unreadOf(row: Obj, reads: Set<string>): Obj {
  return Object.fromEntries(
    Object.entries(row).filter(([k, v]) => !reads.has(k) && !BOOKKEEPING.has(k) && !isEmpty(v) && !(k === "level" && v === "DEFAULT")),
  );
}

/** A traced function's arguments ({args, kwargs}, as @observe records them): not a chat message. */
const isCallArguments = (v: unknown) => isObj(v) && Array.isArray(v.args) && isObj(v.kwargs) && Object.keys(v).length === 2;

export function mapLangfuseTrace(input: LangfuseTraceInput): LangfuseTraceResult {
  const row = input.trace ?? null;
  const observations = (input.observations ?? []).filter(isObj);
  const id = str(row?.id) ?? str(observations[0]?.traceId) ?? "unknown";
  const where = `trace ${id}`;
  const errors: string[] = [];
  const notes: string[] = [];
  const tools: unknown[] = [];
  const responses: Obj[] = [];
  const types = new Map(observations.map((o) => [str(o.id), String(o.type ?? "").toUpperCase()]));
  const sorted = observations
    .map((o, order) => ({ o, order }))
    .sort((a, b) => (time(a.o.startTime) < time(b.o.startTime) ? -1 : time(a.o.startTime) > time(b.o.startTime) ? 1 : a.order - b.order));
  const models: Timed<ModelCall>[] = [];
  const runs: Timed<ToolRun>[] = [];
  const kept: Obj[] = [];
  const requests: Obj[] = [];
  const names = new Set<string>();
  const keepObservation = (o: Obj, reads: Set<string>) => {
    const fields = unreadOf(o, new Set([...OBSERVATION_READS, ...reads]));
    if (!Object.keys(fields).length) return;
    for (const key of Object.keys(fields)) names.add(`observation.${key}`);
    kept.push({ id: o.id ?? null, name: o.name ?? null, type: o.type ?? null, ...fields });
  };
  let nested = 0;
  for (const { o, order } of sorted) {
    const at = `${where} observation ${str(o.id) ?? order}${str(o.name) ? ` (${o.name})` : ""}`;
    const start = time(o.startTime);
    const end = o.endTime ? time(o.endTime) : start;
    const type = String(o.type ?? "").toUpperCase();
    if (type === "GENERATION") {
      if (types.get(str(o.parentObservationId)) === "GENERATION") {
        // Its messages are the outer generation's; what else it carries is kept.
        nested++;
        keepObservation(o, GENERATION_READS);
        continue;
      }
      keepObservation(o, GENERATION_READS);
      const inputs = unwrap(o.input, "user");
      const outputs = unwrap(o.output, "assistant");
      tools.push(...inputs.tools, ...outputs.tools);
      if (outputs.extra) {
        responses.push({ observation: o.id ?? null, ...outputs.extra });
        for (const key of Object.keys(outputs.extra)) names.add(`observation.output.${key}`);
      }
      if (inputs.extra) {
        requests.push({ observation: o.id ?? null, ...inputs.extra });
        for (const key of Object.keys(inputs.extra)) names.add(`observation.input.${key}`);
      }
      const item: ModelCall = {
        kind: "model",
        inputs: readAll([...outputs.system, ...inputs.messages], "user", `${at}: input`, errors),
        outputs: readAll(outputs.messages, "assistant", `${at}: output`, errors),
      };
      if (item.inputs.length || item.outputs.length) models.push({ start, end, order, item });
    } else if (isToolRun(o, type)) {
      keepObservation(o, TOOL_READS);
      const attrs = attributesOf(o);
      const name = str(attrs["gen_ai.tool.name"]) ?? str(o.name)?.replace(TOOL_NAME_PREFIX, "");
      if (!name) {
        errors.push(`${at}: a TOOL observation needs a name`);
        continue;
      }
      const failed = String(o.level ?? "").toUpperCase() === "ERROR";
      const args = unquote(o.input);
      const result = unquote(o.output);
      runs.push({
        start,
        end,
        order,
        item: {
          kind: "tool",
          ...(str(attrs["gen_ai.tool.call.id"]) ? { id: attrs["gen_ai.tool.call.id"] as string } : {}),
          name,
          ...(args !== undefined && args !== null ? { arguments: args } : {}),
          ...(result !== undefined && result !== null && !(failed && isObj(result) && !Object.keys(result).length) ? { result } : {}),
          ...(failed ? { error: str(o.statusMessage) ?? "the tool failed" } : {}),
        },
      });
    } else keepObservation(o, new Set());
  }
  if (nested)
    notes.push(
      `${where}: ${nested} generation${nested === 1 ? "" : "s"} inside another generation not read twice (a second instrumentation of the same call)`,
    );
  // The trace's own input and output: the request and the answer. They repeat the model calls', so
  // they only fill in what the generations lack: the input at the trace's start, the output at its end.
  const first = sorted.length ? sorted.map(({ o }) => time(o.startTime)).reduce((a, b) => (b < a ? b : a)) : 0n;
  const last = sorted.length ? sorted.map(({ o }) => time(o.endTime ?? o.startTime)).reduce((a, b) => (b > a ? b : a)) : 0n;
  const callArgs = row && isCallArguments(unquote(row.input));
  const traceInput = row && !callArgs ? unwrap(row.input, "user") : null;
  const traceOutput = row ? unwrap(row.output, "assistant") : null;
  if (traceInput?.messages.length) {
    // What the generations already hold keeps their order; the rest (a request the framework
    // wrapped before the model saw it) opens the conversation.
    const seen = new Set(models.flatMap(({ item }) => [...item.inputs, ...item.outputs].map((r) => r.key)));
    const inputs = readAll(traceInput.messages, "user", `${where}: input`, errors).filter((r) => !seen.has(r.key));
    if (inputs.length) models.push({ start: first - 1n, end: first - 1n, order: -2, item: { kind: "model", inputs, outputs: [] } });
  }
  if (traceOutput?.messages.length) {
    const outputs = readAll(traceOutput.messages, "assistant", `${where}: output`, errors);
    models.push({ start: last, end: last, order: -1, item: { kind: "model", inputs: [], outputs, outputsRepeat: true } });
  }
  if (errors.length) return { ok: false, errors };
  const messages = assemble(models, runs);
  if (!messages.some((m) => m.role === "user" && m.content) && callArgs) {
    // No generation says what was asked: the traced function's arguments are the request.
    const read = readAll(unwrap({ ...(unquote(row!.input) as Obj), kwargs: {} }, "user").messages, "user", where, []);
    messages.unshift(...read.map((r) => r.message));
  }
  // The request the trace was started with is the task; else the first thing a user said.
  const requested = traceInput
    ? readAll(traceInput.messages, "user", where, [])
        .filter((r) => r.message.role === "user")
        .at(-1)?.message.content
    : undefined;
  const asked = requested ?? messages.find((m) => m.role === "user" && m.content)?.content;
  if (!asked)
    return {
      ok: false,
      skipped: { where, why: "not a conversation: no user message in the trace's input or its generations' inputs" },
    };
  const answer = traceOutput?.messages.length ? readAll(traceOutput.messages, "assistant", where, []).at(-1)?.message.content : undefined;
  const finalOutput = answer ?? [...messages].reverse().find((m) => m.role === "assistant" && m.content)?.content;
  const scores = (input.scores ?? [])
    .filter(isObj)
    .map(langfuseScore)
    .filter((s): s is ImportedScore => s !== null);
  const metadata: Obj = {};
  if (scores.length) {
    metadata["langfuse.scores"] = scores;
    names.add("scores");
  }
  const scoreFields = (input.scores ?? []).filter(isObj).flatMap((s) => {
    const fields = unreadOf(s, SCORE_READS);
    for (const key of Object.keys(fields)) names.add(`score.${key}`);
    return Object.keys(fields).length ? [{ name: s.name ?? null, ...fields }] : [];
  });
  if (scoreFields.length) metadata["langfuse.score fields"] = scoreFields;
  const uniqueTools = [...new Map(tools.map((t) => [JSON.stringify(t), t])).values()];
  if (uniqueTools.length) {
    metadata.tools = uniqueTools;
    names.add("tools");
  }
  if (responses.length) metadata["langfuse.responses"] = responses;
  if (requests.length) metadata["langfuse.requests"] = requests;
  if (kept.length) metadata["langfuse.observations"] = kept;
  if (callArgs) {
    metadata["langfuse.trace.input"] = unquote(row!.input);
    names.add("trace.input");
  }
  const traceFields: Obj = row ? unreadOf(row, TRACE_READS) : {};
  for (const [side, unwrapped] of [
    ["input", traceInput],
    ["output", traceOutput],
  ] as const)
    if (unwrapped?.extra) traceFields[side] = unwrapped.extra;
  for (const [key, value] of Object.entries(traceFields))
    if (isObj(value) && (key === "input" || key === "output")) for (const k of Object.keys(value)) names.add(`trace.${key}.${k}`);
    else names.add(`trace.${key}`);
  if (Object.keys(traceFields).length) metadata["langfuse.trace"] = traceFields;
  const parsed = newTranscriptSchema.safeParse({
    source: "langfuse",
    externalId: id,
    kind: "binary",
    taskPrompt: asked,
    ...(finalOutput !== undefined ? { finalOutput } : {}),
    content: { messages, ...(Object.keys(metadata).length ? { metadata } : {}) },
  });
  if (!parsed.success) return { ok: false, errors: zodIssueTexts(where, parsed.error) };
  return {
    ok: true,
    item: {
      where,
      transcript: parsed.data,
      verdicts: [],
      ...(scores.length ? { scores } : {}),
      ...(names.size ? { unmapped: [...names] } : {}),
    },
    notes,
  };
}
