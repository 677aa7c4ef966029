import { isItemKind, itemKind } from "../items/kinds";
import { newTranscriptSchema, type TranscriptContent } from "../schemas/transcripts";
import { jsonlLineSchema, jsonlTranscript } from "../transcripts/jsonl";
import { zodIssueTexts } from "../transcripts/types";
import { jsonValueProblem, parseJsonSafely } from "../text/safe-json";

/**
 * Worked examples written by hand on the new-queue form, before any item has gold (a new team's first
 * batch has none): blocks separated by a line of `---`. A block is either text with one key a line —
 * its expected label, the task, the output, the tool calls the agent made (one `tool:` line each: a
 * name, then its arguments; a `result:` line under it gives what the tool returned) and why —
 *
 *     expected: fail
 *     task: Refund order 7.
 *     output: I refunded order 7.
 *     tool: issue_refund {"order": 7}
 *     result: {"refunded": 20}
 *     tool: issue_refund {"order": 7}
 *     why: A second refund for the same order.
 *
 * or one JSON object: a line of Gavel's JSONL transcript format (docs/transcripts.md: task_prompt,
 * messages with tool_calls, final_output, ...) plus "expected" and "why", so a transcript already
 * at hand is pasted as it is.
 *
 * In text, a line without a known key continues the field above it, so a field may span lines; tool
 * arguments and results that are JSON are kept as JSON. Every problem is named by its example and
 * line (and field); nothing is guessed, and one bad example refuses them all.
 */
export interface WrittenExample {
  /** "Example 2 (line 9)": how messages name it. */
  where: string;
  expectedValue: string;
  explanation: string;
  taskPrompt: string;
  finalOutput: string | null;
  /** The stored transcript shape: the task as the user's message, the output and tool calls as the agent's. */
  content: TranscriptContent;
}

const KEYS = ["expected", "task", "output", "tool", "result", "why"] as const;
type Key = (typeof KEYS)[number];
type TextKey = Exclude<Key, "tool" | "result">;
export const MAX_EXAMPLES = 20;
const MAX_FIELD = 5_000;
/** A JSON example is a transcript, not a data set. */
const MAX_JSON = 50_000;

type Result = { ok: true; examples: WrittenExample[] } | { ok: false; errors: string[] };

export function parseWrittenExamples(text: string, allowedValues: readonly string[]): Result {
  const errors: string[] = [];
  const examples: WrittenExample[] = [];
  const blocks: { start: number; lines: string[] }[] = [];
  let current: { start: number; lines: string[] } | null = null;
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((line, i) => {
      if (/^\s*-{3,}\s*$/.test(line)) {
        current = null;
        return;
      }
      if (!current) {
        if (line.trim() === "") return;
        current = { start: i + 1, lines: [] };
        blocks.push(current);
      }
      current.lines.push(line);
    });
  if (blocks.length > MAX_EXAMPLES)
    return { ok: false, errors: [`At most ${MAX_EXAMPLES} examples on the form (${blocks.length} given).`] };
  blocks.forEach((block, n) => {
    const where = `Example ${n + 1} (line ${block.start})`;
    const parsed = block.lines[0]!.trimStart().startsWith("{") ? jsonExample(block, where) : textExample(block, where);
    if ("errors" in parsed) {
      errors.push(...parsed.errors);
      return;
    }
    const problems = exampleProblems(parsed.example, allowedValues);
    if (problems.length) errors.push(...problems.map((p) => `${where}: ${p}`));
    else examples.push(parsed.example);
  });
  return errors.length ? { ok: false, errors } : { ok: true, examples };
}

/** What every example needs, however it was written. */
function exampleProblems(example: WrittenExample, allowedValues: readonly string[]): string[] {
  const problems: string[] = [];
  const expected = example.expectedValue;
  if (!expected) problems.push(`give the expected label ("expected: ${allowedValues[0] ?? "pass"}").`);
  else if (!allowedValues.includes(expected))
    problems.push(`expected: "${expected.slice(0, 40)}" is not a label of this queue; use one of ${allowedValues.join(", ")}.`);
  if (!example.taskPrompt.trim()) problems.push(`write the task ("task: …").`);
  const calls = example.content.messages.some((m) => m.toolCalls?.length);
  if (!example.finalOutput?.trim() && !calls) problems.push(`write the output ("output: …") or the tool calls ("tool: …").`);
  if (!example.explanation) problems.push(`say why it gets its label ("why: …").`);
  for (const [key, value] of [
    ["task", example.taskPrompt],
    ["output", example.finalOutput ?? ""],
    ["why", example.explanation],
  ] as const)
    if (value.length > MAX_FIELD) problems.push(`keep "${key}" under ${MAX_FIELD.toLocaleString("en")} characters.`);
  // Named by the form's keys; the content repeats the task and output, so its tool calls are checked last.
  const fields = { expected, task: example.taskPrompt, output: example.finalOutput, why: example.explanation };
  const bad = Object.entries(fields)
    .map(([key, value]) => [key, jsonValueProblem(value)] as const)
    .find(([, problem]) => problem);
  const inContent = bad ? null : jsonValueProblem(example.content);
  if (bad) problems.push(`${bad[0]}: ${bad[1]}.`);
  else if (inContent) problems.push(`${inContent}.`);
  return problems;
}

/** JSON arguments and results stay JSON (so they show as the agent sent them); anything else is text. */
function jsonOrText(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{"]/.test(trimmed)) return trimmed;
  const parsed = parseJsonSafely(trimmed);
  return "value" in parsed ? parsed.value : trimmed;
}

function textExample(block: { start: number; lines: string[] }, where: string): { example: WrittenExample } | { errors: string[] } {
  const errors: string[] = [];
  const fields: Partial<Record<TextKey, string[]>> = {};
  const tools: { line: number; head: string; result: string[] | null }[] = [];
  let last: Key | null = null;
  block.lines.forEach((line, j) => {
    const at = `${where}, line ${block.start + j}`;
    const match = /^\s*([A-Za-z]+)\s*:\s?(.*)$/.exec(line);
    const key = match && (KEYS as readonly string[]).includes(match[1]!.toLowerCase()) ? (match[1]!.toLowerCase() as Key) : null;
    if (key === "tool") {
      tools.push({ line: block.start + j, head: match![2]!.trim(), result: null });
    } else if (key === "result") {
      const tool = tools.at(-1);
      if (!tool || last === null || !["tool", "result"].includes(last))
        errors.push(`${at}: a "result:" line goes right under its "tool:" line.`);
      else if (tool.result) errors.push(`${at}: this tool call has a result already.`);
      else tool.result = [match![2]!];
    } else if (key) {
      if (fields[key]) errors.push(`${at}: "${key}:" is given twice.`);
      else fields[key] = [match![2]!];
    } else if (last === "result") {
      tools.at(-1)!.result!.push(line);
    } else if (last && last !== "tool") {
      fields[last]!.push(line);
    } else if (line.trim() !== "") {
      errors.push(`${at}: start the line with one of ${KEYS.map((k) => `${k}:`).join(", ")}.`);
    }
    if (key) last = key;
  });
  const toolCalls = tools.map((t) => {
    const [, name = "", args = ""] = /^(\S*)\s*([\s\S]*)$/.exec(t.head) ?? [];
    if (!/^[A-Za-z_][\w.-]{0,99}$/.test(name))
      errors.push(`${where}, line ${t.line}: a tool line starts with the tool's name ("tool: issue_refund {…}").`);
    return {
      name,
      ...(args.trim() ? { arguments: jsonOrText(args) } : {}),
      ...(t.result ? { result: jsonOrText(t.result.join("\n")) } : {}),
    };
  });
  if (errors.length) return { errors };
  const value = (key: TextKey) => (fields[key] ?? []).join("\n").trim();
  const output = value("output");
  return {
    example: {
      where,
      expectedValue: value("expected"),
      explanation: value("why"),
      taskPrompt: value("task"),
      finalOutput: output || null,
      content: {
        messages: [
          { role: "user", content: value("task") },
          ...(output || toolCalls.length
            ? [{ role: "assistant" as const, ...(output ? { content: output } : {}), ...(toolCalls.length ? { toolCalls } : {}) }]
            : []),
        ],
      },
    },
  };
}

function jsonExample(block: { start: number; lines: string[] }, where: string): { example: WrittenExample } | { errors: string[] } {
  const text = block.lines.join("\n");
  if (text.length > MAX_JSON) return { errors: [`${where}: keep a JSON example under ${MAX_JSON.toLocaleString("en")} characters.`] };
  const parsed = parseJsonSafely(text);
  if (!("value" in parsed)) return { errors: [`${where}: ${parsed.error}`] };
  const value = parsed.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { errors: [`${where}: write one JSON object ({...}).`] };
  const { expected, why, ...rest } = value as Record<string, unknown>;
  const errors: string[] = [];
  if (expected !== undefined && typeof expected !== "string" && typeof expected !== "number")
    errors.push(`${where}: expected: give the label as text ("fail") or a score (4).`);
  if (why !== undefined && typeof why !== "string") errors.push(`${where}: why: must be text.`);
  if ("judge_verdicts" in rest) errors.push(`${where}: judge_verdicts: an example shows a reviewer's expected label only; drop them.`);
  if ((typeof rest.kind === "string" && isItemKind(rest.kind) && itemKind(rest.kind).outputs === 2) || "outputs" in rest)
    errors.push(`${where}: outputs: pairwise examples are not written here.`);
  const line = jsonlLineSchema.safeParse(rest);
  if (!line.success) errors.push(...zodIssueTexts(where, line.error));
  if (errors.length || !line.success) return { errors };
  const transcript = newTranscriptSchema.safeParse(jsonlTranscript(line.data));
  if (!transcript.success) return { errors: zodIssueTexts(where, transcript.error) };
  return {
    example: {
      where,
      expectedValue: expected === undefined ? "" : String(expected).trim(),
      explanation: typeof why === "string" ? why.trim() : "",
      taskPrompt: transcript.data.taskPrompt,
      finalOutput: transcript.data.finalOutput ?? null,
      content: transcript.data.content,
    },
  };
}
