import { z } from "zod";
import { readMessage, type ReadMessage } from "../chat/messages";
import { readJsonDocument } from "../json-text";
import { zodIssueTexts, type ImportedScore, type ImportItem, type ParseResult } from "../types";
import { asText, chatItem, plural } from "./chat";
import { readEvalArchive } from "./inspect-archive";
import { withPlaceholders } from "./parts";

/**
 * Inspect AI's eval logs (github.com/UKGovernmentBEIS/inspect_ai, src/inspect_ai/log/_log.py:
 * EvalLog, EvalSample; model/_chat_message.py; scorer/_metric.py): the JSON log (`--log-format
 * json`) or the default .eval archive (a zip of header.json and samples/*.json, read from its bytes
 * by inspect-archive.ts). One transcript per sample and epoch — the sample's messages (tool calls
 * {id, function, arguments}, tool messages with tool_call_id and error; images and other media as
 * visible placeholders; "attachment://" references resolved from the sample's attachments), its
 * input as the task prompt, its target as what was expected, its output's message as the final
 * output. Each scorer's score is kept as a score (C, I, P, N, a number, …) and in the metadata: it
 * becomes a verdict only through a mapping the user gives (score-mapping.ts), e.g.
 * `--score match --pass-when "==C"`.
 */
const score = z.looseObject({ value: z.unknown(), explanation: z.string().nullable().optional(), answer: z.unknown().optional() });
const sample = z.looseObject({
  id: z.union([z.string(), z.number()], { error: "a sample needs an id" }),
  epoch: z.number().int().default(1),
  input: z.union([z.string(), z.array(z.unknown())], { error: "input must be text or a list of messages" }),
  target: z.union([z.string(), z.array(z.string())]).optional(),
  messages: z.array(z.unknown()).default([]),
  output: z
    .looseObject({
      completion: z.string().nullable().optional(),
      choices: z.array(z.looseObject({ message: z.unknown().optional() })).optional(),
    })
    .optional(),
  scores: z.record(z.string(), score).nullable().optional(),
  attachments: z.record(z.string(), z.string()).optional(),
  error: z.unknown().optional(),
});
const log = z.looseObject({
  version: z.number().optional(),
  status: z.string().optional(),
  eval: z.looseObject(
    { task: z.string({ error: "eval.task names the task" }), model: z.string().optional() },
    { error: "an Inspect log has an eval section (eval.task, eval.model)" },
  ),
  samples: z.array(z.unknown()).nullable().optional(),
});

/** Every "attachment://<hash>" string replaced by the attachment it names (Inspect's resolve_attachments). */
function resolveAttachments(value: unknown, attachments: Record<string, string>, depth = 0): unknown {
  if (typeof value === "string") {
    const ref = /^attachment:\/\/([0-9a-f]+)$/.exec(value);
    return ref && attachments[ref[1]!] !== undefined ? attachments[ref[1]!] : value;
  }
  if (depth > 48 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => resolveAttachments(v, attachments, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveAttachments(v, attachments, depth + 1)]));
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * A tool message whose call is not in the messages (a log cut short, or a test log of tool errors
 * alone) keeps its result and error as a call of its own, so the error stays an error.
 */
function orphanCalls(list: unknown[]): unknown[] {
  const ids = new Set<string>();
  for (const m of list)
    if (isObj(m) && Array.isArray(m.tool_calls)) for (const c of m.tool_calls) if (isObj(c) && typeof c.id === "string") ids.add(c.id);
  return list.flatMap((m) => {
    if (!isObj(m) || m.role !== "tool" || typeof m.tool_call_id !== "string" || ids.has(m.tool_call_id)) return [m];
    const name = typeof m.function === "string" && m.function ? m.function : "tool";
    return [{ role: "assistant", content: "", tool_calls: [{ id: m.tool_call_id, function: name }] }, m];
  });
}

function readMessages(list: unknown[], where: string, errors: string[]): ReadMessage[] {
  const out: ReadMessage[] = [];
  orphanCalls(list).forEach((raw, i) => {
    const read = readMessage(withPlaceholders(raw), "user");
    if (typeof read === "string") errors.push(`${where}: messages[${i}]: ${read}`);
    else out.push(read);
  });
  return out;
}

/** A scorer's value as a score: text, number and boolean as they are; a dict or list as its JSON. */
function scoreOf(name: string, s: z.output<typeof score>): ImportedScore {
  const value =
    typeof s.value === "number" || typeof s.value === "string" || typeof s.value === "boolean" ? s.value : JSON.stringify(s.value ?? null);
  const comment = s.explanation ?? asText(s.answer);
  return { name, value, ...(comment ? { comment } : {}) };
}

export function parseInspect(input: string | Uint8Array): ParseResult {
  if (typeof input !== "string") {
    const archive = readEvalArchive(input);
    return "errors" in archive ? { ok: false, errors: archive.errors } : parseInspectLog(archive.log);
  }
  if (input.startsWith("PK\u0003\u0004"))
    return { ok: false, errors: ["this is an Inspect .eval archive read as text: import the file itself (its bytes), not its text"] };
  const read = readJsonDocument(input);
  if ("error" in read) return { ok: false, errors: [read.error] };
  return parseInspectLog(read.value);
}

function parseInspectLog(value: unknown): ParseResult {
  const parsed = log.safeParse(value);
  if (!parsed.success) return { ok: false, errors: zodIssueTexts("the log", parsed.error) };
  const { eval: spec, samples } = parsed.data;
  if (!samples?.length)
    return {
      ok: false,
      errors: [
        `the log of task ${spec.task} holds no samples (a log written with --no-log-samples, or a header-only read): export it with its samples`,
      ],
    };
  const errors: string[] = [];
  const items: ImportItem[] = [];
  // Several epochs of a sample are several transcripts: their ids say which epoch.
  const multiEpoch = samples.some((raw) => isObj(raw) && Number(raw.epoch) > 1);
  samples.forEach((raw, i) => {
    const path = `samples[${i}]`;
    const s = sample.safeParse(raw);
    if (!s.success) {
      errors.push(...zodIssueTexts(path, s.error));
      return;
    }
    const data = (s.data.attachments ? resolveAttachments(s.data, s.data.attachments) : s.data) as typeof s.data;
    const where = `${path} (sample ${data.id}, epoch ${data.epoch})`;
    const before = errors.length;
    const inputMessages = typeof data.input === "string" ? [] : readMessages(data.input, `${where}: input`, errors);
    const messages = readMessages(
      data.messages.length ? data.messages : typeof data.input === "string" ? [{ role: "user", content: data.input }] : data.input,
      where,
      errors,
    );
    if (errors.length > before) return;
    const taskPrompt =
      typeof data.input === "string"
        ? data.input
        : [...inputMessages].reverse().find((m) => m.message.role === "user" && m.message.content)?.message.content;
    const scores = Object.entries(data.scores ?? {}).map(([name, sc]) => scoreOf(name, sc));
    const answer = data.output?.choices?.[0]?.message;
    const read = answer === undefined ? null : readMessage(withPlaceholders(answer), "assistant");
    const finalOutput = data.output?.completion ?? (read && typeof read !== "string" ? read.message.content : undefined);
    const target = Array.isArray(data.target) ? data.target.join("\n") : data.target;
    const item = chatItem(
      {
        where,
        source: "inspect",
        externalId: `${spec.task}/${data.id}${multiEpoch ? `#${data.epoch}` : ""}`,
        messages,
        ...(taskPrompt ? { taskPrompt } : {}),
        ...(finalOutput ? { finalOutput } : {}),
        ...(target ? { expected: target } : {}),
      },
      errors,
    );
    if (!item) return;
    const metadata: Obj = {};
    if (scores.length) metadata["inspect.scores"] = data.scores;
    if (spec.model) metadata["inspect.model"] = spec.model;
    if (data.error !== undefined && data.error !== null) metadata["inspect.error"] = data.error;
    item.transcript.content.metadata = metadata;
    items.push({ ...item, ...(scores.length ? { scores } : {}), unmapped: Object.keys(metadata) });
  });
  if (errors.length) return { ok: false, errors };
  const notes = [`task ${spec.task}${spec.model ? ` on ${spec.model}` : ""}: ${plural(items.length, "sample")}`];
  const scored = items.filter((i) => i.scores?.length).length;
  if (scored)
    notes.push(
      `${plural(scored, "sample")} with scores: kept as scores, not verdicts (map one with --score NAME --pass-when "==C" or ">=0.5")`,
    );
  return { ok: true, items, notes };
}
