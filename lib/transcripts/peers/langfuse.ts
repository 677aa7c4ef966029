import { readMessage, readMessageList, type ReadMessage } from "../chat/messages";
import { assemble, type ModelCall, type Timed, type ToolRun } from "../chat/conversation";
import { readJsonDocument, readJsonLines } from "../json-text";
import { newTranscriptSchema } from "../../schemas/transcripts";
import { zodIssueTexts, type ImportedVerdict, type ImportItem, type ParseResult } from "../types";
import { asText, plural } from "./chat";

/**
 * Langfuse exports (github.com/langfuse/langfuse): a trace downloaded from its page
 * (web/src/features/traces/server/buildTraceExport.ts: {observations, scores}; before that
 * {trace, observations}), a trace from the public API (GET /api/public/traces/{id}: the trace with
 * its observations and scores), and the batch exports of the traces or observations tables (JSON
 * array or JSONL rows; worker/src/features/database-read-stream). One transcript per trace:
 *  - GENERATION observations are model calls: input (a list of chat messages, {messages}, or a
 *    prompt) and output (text, a message, or {choices});
 *  - TOOL observations are tool runs: name, input (arguments), output (result), level ERROR with
 *    statusMessage as the error;
 *  - the trace's own input and output are the user's request and the final answer;
 *  - scores from evaluators or the API (source EVAL / API) that are pass/fail — BOOLEAN, NUMERIC 0
 *    or 1, CATEGORICAL pass/fail — are verdicts of a replay judge `langfuse-<score name>`. Human
 *    annotations (source ANNOTATION) are labels, not a judge's verdicts: they are counted, not imported.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);

interface Trace {
  id: string;
  row: Obj | null;
  observations: Obj[];
  scores: Obj[];
}

const isObservation = (row: Obj) =>
  typeof row.traceId === "string" && typeof row.type === "string" && ("startTime" in row || "start_time" in row);
const time = (value: unknown) => {
  const t = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? 0n : BigInt(t) * 1_000_000n;
};

/** Every trace in the file, whichever export it is. */
function collect(value: unknown): Map<string, Trace> | string {
  const traces = new Map<string, Trace>();
  const get = (id: string) => {
    let t = traces.get(id);
    if (!t) traces.set(id, (t = { id, row: null, observations: [], scores: [] }));
    return t;
  };
  const addScores = (list: unknown, fallbackTrace?: string) => {
    for (const s of Array.isArray(list) ? list : []) if (isObj(s)) get(str(s.traceId) ?? fallbackTrace ?? "")?.scores.push(s);
  };
  const addRow = (row: Obj) => {
    if (isObservation(row)) get(row.traceId as string).observations.push(row);
    else if (typeof row.id === "string") {
      const t = get(row.id);
      t.row = row;
      for (const o of Array.isArray(row.observations) ? row.observations : []) if (isObj(o)) t.observations.push({ traceId: row.id, ...o });
      addScores(row.scores, row.id);
    }
  };
  if (Array.isArray(value)) value.forEach((row) => isObj(row) && addRow(row));
  else if (isObj(value) && Array.isArray(value.data)) value.data.forEach((row) => isObj(row) && addRow(row));
  else if (isObj(value) && isObj(value.trace)) {
    addRow({ ...value.trace, observations: value.observations, scores: value.scores ?? (value.trace as Obj).scores });
  } else if (isObj(value) && Array.isArray(value.observations) && typeof value.id !== "string") {
    value.observations.forEach((o) => isObj(o) && addRow(o));
    addScores(value.scores);
  } else if (isObj(value)) addRow(value);
  traces.delete("");
  if (!traces.size)
    return "no Langfuse traces or observations found: expected a trace download ({observations, scores} or {trace, observations}), a trace from the public API, or a batch export of traces or observations";
  return traces;
}

/** A GENERATION's input as messages: a chat list, {messages: [...]}, or a prompt. */
function inputMessages(value: unknown, where: string, errors: string[]): ReadMessage[] {
  const list = isObj(value) && Array.isArray(value.messages) ? value.messages : value;
  if (list === undefined || list === null) return [];
  const read = readMessageList(typeof list === "string" ? list : Array.isArray(list) || isObj(list) ? list : String(list), "input", "user");
  if (typeof read === "string") {
    errors.push(`${where}: ${read}`);
    return [];
  }
  return read;
}

function outputMessages(value: unknown, where: string, errors: string[]): ReadMessage[] {
  if (value === undefined || value === null) return [];
  let message: unknown = value;
  if (isObj(value) && Array.isArray(value.choices)) message = (value.choices[0] as Obj | undefined)?.message;
  else if (Array.isArray(value)) return inputMessages(value, where, errors);
  else if (typeof value === "string") message = { role: "assistant", content: value };
  else if (isObj(value) && !("role" in value) && !("content" in value) && !("tool_calls" in value))
    message = { role: "assistant", content: JSON.stringify(value) };
  const read = readMessage(message, "assistant");
  if (typeof read === "string") {
    errors.push(`${where}: output: ${read}`);
    return [];
  }
  return [read];
}

/** A score as a verdict, or why it is not one. */
function verdictOf(score: Obj): ImportedVerdict | "annotation" | null {
  if (String(score.source ?? "").toUpperCase() === "ANNOTATION") return "annotation";
  const type = String(score.dataType ?? "").toUpperCase();
  const name = str(score.name);
  if (!name) return null;
  let value: "pass" | "fail" | null = null;
  if (type === "BOOLEAN" || type === "NUMERIC" || type === "")
    value = score.value === 1 || score.value === true ? "pass" : score.value === 0 || score.value === false ? "fail" : null;
  if (value === null && (type === "CATEGORICAL" || type === "BOOLEAN")) {
    const text = String(score.stringValue ?? "").toLowerCase();
    value = ["pass", "passed", "true", "correct", "yes"].includes(text)
      ? "pass"
      : ["fail", "failed", "false", "incorrect", "no"].includes(text)
        ? "fail"
        : null;
  }
  if (value === null) return null;
  return { judge: `langfuse-${name}`, value, score: value === "pass" ? 1 : 0, reason: str(score.comment) ?? null };
}

function traceItem(trace: Trace, errors: string[], counts: { annotations: number; other: number }): ImportItem | null {
  const where = `trace ${trace.id}`;
  const before = errors.length;
  const observations = [...trace.observations].sort((a, b) =>
    time(a.startTime) < time(b.startTime) ? -1 : time(a.startTime) > time(b.startTime) ? 1 : 0,
  );
  const models: Timed<ModelCall>[] = [];
  const tools: Timed<ToolRun>[] = [];
  observations.forEach((o, order) => {
    const at = `${where} observation ${str(o.id) ?? order}${str(o.name) ? ` (${o.name})` : ""}`;
    const start = time(o.startTime);
    const end = o.endTime ? time(o.endTime) : start;
    const type = String(o.type).toUpperCase();
    if (type === "GENERATION") {
      const inputs = inputMessages(o.input, at, errors);
      const outputs = outputMessages(o.output, at, errors);
      if (inputs.length || outputs.length) models.push({ start, end, order, item: { kind: "model", inputs, outputs } });
    } else if (type === "TOOL") {
      const name = str(o.name);
      if (!name) return void errors.push(`${at}: a TOOL observation needs a name`);
      const failed = String(o.level ?? "").toUpperCase() === "ERROR";
      tools.push({
        start,
        end,
        order,
        item: {
          kind: "tool",
          name,
          ...(o.input !== undefined && o.input !== null ? { arguments: o.input } : {}),
          ...(o.output !== undefined && o.output !== null ? { result: o.output } : {}),
          ...(failed ? { error: str(o.statusMessage) ?? "the tool failed" } : {}),
        },
      });
    }
  });
  // The trace's own input and output: the request and the answer (they repeat the model calls').
  const row = trace.row;
  if (row && (row.input !== undefined || row.output !== undefined)) {
    const inputs = row.input === undefined || row.input === null ? [] : inputMessages(row.input, `${where}: trace`, errors);
    const outputs = outputMessages(row.output, `${where}: trace`, errors);
    models.push({ start: 0n, end: 0n, order: -1, item: { kind: "model", inputs, outputs, outputsRepeat: true } });
  }
  if (errors.length > before) return null;
  const messages = assemble(models, tools);
  const taskPrompt = messages.find((m) => m.role === "user" && m.content)?.content;
  if (!taskPrompt) {
    errors.push(`${where}: no user message in the trace's input or its generations' inputs to use as the task prompt`);
    return null;
  }
  const verdicts: ImportedVerdict[] = [];
  for (const score of trace.scores) {
    const verdict = verdictOf(score);
    if (verdict === "annotation") counts.annotations++;
    else if (verdict === null) counts.other++;
    else verdicts.push(verdict);
  }
  const finalOutput =
    asText(row && typeof row.output === "string" ? row.output : undefined) ??
    [...messages].reverse().find((m) => m.role === "assistant" && m.content)?.content;
  const parsed = newTranscriptSchema.safeParse({
    source: "langfuse",
    externalId: trace.id,
    kind: "binary",
    taskPrompt,
    ...(finalOutput !== undefined ? { finalOutput } : {}),
    content: { messages },
  });
  if (!parsed.success) {
    errors.push(...zodIssueTexts(where, parsed.error));
    return null;
  }
  return { where, transcript: parsed.data, verdicts };
}

export function parseLangfuse(input: string): ParseResult {
  const whole = readJsonDocument(input);
  let value: unknown;
  if ("value" in whole) value = whole.value;
  else {
    // A JSONL batch export: one row per line.
    const lines = readJsonLines(input);
    if (lines.errors.length && lines.lines.length <= 1) return { ok: false, errors: [whole.error] };
    if (lines.errors.length) return { ok: false, errors: lines.errors };
    value = lines.lines.map((l) => l.value);
  }
  const traces = collect(value);
  if (typeof traces === "string") return { ok: false, errors: [traces] };
  const errors: string[] = [];
  const items: ImportItem[] = [];
  const counts = { annotations: 0, other: 0 };
  for (const trace of traces.values()) {
    const item = traceItem(trace, errors, counts);
    if (item) items.push(item);
  }
  if (errors.length) return { ok: false, errors };
  const notes: string[] = [];
  if (counts.annotations)
    notes.push(
      `${plural(counts.annotations, "human annotation score")} not imported: they are labels, not a judge's verdicts (label the transcripts in Gavel)`,
    );
  if (counts.other)
    notes.push(`${plural(counts.other, "score")} not pass/fail (numeric, text or other categories): not imported as verdicts`);
  return { ok: true, items, notes };
}
