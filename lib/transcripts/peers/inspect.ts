import { z } from "zod";
import { readMessage, type ReadMessage } from "../chat/messages";
import { readJsonDocument } from "../json-text";
import { zodIssueTexts, type ImportedVerdict, type ImportItem, type ParseResult } from "../types";
import { asText, chatItem, plural } from "./chat";

/**
 * Inspect AI's JSON eval log (`inspect eval … --log-format json`, or `inspect log convert --to json`;
 * github.com/UKGovernmentBEIS/inspect_ai, src/inspect_ai/log/_log.py: EvalLog, EvalSample; model/
 * _chat_message.py; scorer/_metric.py): one transcript per sample and epoch — the sample's messages
 * (tool calls {id, function, arguments}, tool messages with tool_call_id and error), its input as
 * the task prompt, its target as what was expected, its output's completion as the final output.
 * Each scorer's score becomes a verdict of a replay judge `inspect-<scorer>`: C / true / 1 pass,
 * I / N (no answer) / false / 0 fail; a partial or other score is not pass/fail and is left out.
 */
const score = z.looseObject({ value: z.unknown(), explanation: z.string().nullable().optional(), answer: z.unknown().optional() });
const sample = z.looseObject({
  id: z.union([z.string(), z.number()], { error: "a sample needs an id" }),
  epoch: z.number().int().default(1),
  input: z.union([z.string(), z.array(z.unknown())], { error: "input must be text or a list of messages" }),
  target: z.union([z.string(), z.array(z.string())]).optional(),
  messages: z.array(z.unknown()).default([]),
  output: z.looseObject({ completion: z.string().nullable().optional() }).optional(),
  scores: z.record(z.string(), score).nullable().optional(),
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

/** A scorer's value as pass/fail, or null when it is neither. */
export function inspectVerdict(value: unknown): "pass" | "fail" | null {
  if (value === true || value === 1 || value === "C") return "pass";
  if (value === false || value === 0 || value === "I" || value === "N") return "fail";
  return null;
}

function readMessages(list: unknown[], where: string, errors: string[]): ReadMessage[] {
  const out: ReadMessage[] = [];
  list.forEach((raw, i) => {
    const read = readMessage(raw, "user");
    if (typeof read === "string") errors.push(`${where}: messages[${i}]: ${read}`);
    else out.push(read);
  });
  return out;
}

export function parseInspect(input: string): ParseResult {
  if (input.startsWith("PK\u0003\u0004")) {
    return {
      ok: false,
      errors: [
        "this is an Inspect .eval log (a zip archive): convert it with `inspect log convert --to json FILE`, or run with --log-format json, and import the .json",
      ],
    };
  }
  const read = readJsonDocument(input);
  if ("error" in read) return { ok: false, errors: [read.error] };
  const parsed = log.safeParse(read.value);
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
  const multiEpoch = samples.some((raw) => raw !== null && typeof raw === "object" && Number((raw as { epoch?: unknown }).epoch) > 1);
  let unscored = 0;
  samples.forEach((raw, i) => {
    const path = `samples[${i}]`;
    const s = sample.safeParse(raw);
    if (!s.success) {
      errors.push(...zodIssueTexts(path, s.error));
      return;
    }
    const data = s.data;
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
    const verdicts: ImportedVerdict[] = [];
    for (const [scorer, sc] of Object.entries(data.scores ?? {})) {
      const value = inspectVerdict(sc.value);
      if (value === null) {
        unscored++;
        continue;
      }
      verdicts.push({
        judge: `inspect-${scorer}`,
        value,
        score: value === "pass" ? 1 : 0,
        reason: sc.explanation ?? asText(sc.answer) ?? null,
      });
    }
    const target = Array.isArray(data.target) ? data.target.join("\n") : data.target;
    const item = chatItem(
      {
        where,
        source: "inspect",
        externalId: `${spec.task}/${data.id}${multiEpoch ? `#${data.epoch}` : ""}`,
        messages,
        ...(taskPrompt ? { taskPrompt } : {}),
        ...(data.output?.completion ? { finalOutput: data.output.completion } : {}),
        ...(target ? { expected: target } : {}),
        verdicts,
      },
      errors,
    );
    if (item) items.push(item);
  });
  if (errors.length) return { ok: false, errors };
  const notes = [`task ${spec.task}${spec.model ? ` on ${spec.model}` : ""}: ${plural(items.length, "sample")}`];
  if (unscored) notes.push(`${plural(unscored, "score")} not pass/fail (partial or numeric): not imported as verdicts`);
  return { ok: true, items, notes };
}
