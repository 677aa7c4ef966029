import { z } from "zod";
import { readMessage, readMessageList, type ReadMessage } from "../chat/messages";
import { readJsonDocument, readJsonLines } from "../json-text";
import { zodIssueTexts, type ImportedVerdict, type ImportItem, type ParseResult } from "../types";
import { asText, chatItem, plural } from "./chat";

/**
 * promptfoo's results file (`promptfoo eval -o results.json`; src/types/index.ts: OutputFile
 * {evalId, results: {version, results: EvaluateResult[]}, config}), or its results alone. One
 * transcript per result (test × prompt × provider): the rendered prompt (a chat prompt's messages,
 * else the prompt text as the user's message), the provider's output (tool calls included), the
 * test's assertions as what was expected (an llm-rubric's text is the rubric). The assertion
 * outcome becomes a verdict of a replay judge `promptfoo`: pass or fail, its score and reason. A
 * result that errored (the provider failed) has no output to label and no verdict (an error is
 * neither pass nor fail): it is left out and counted.
 */
const result = z.looseObject({
  id: z.string().optional(),
  promptIdx: z.number().optional(),
  testIdx: z.number().optional(),
  description: z.string().optional(),
  testCase: z
    .looseObject({
      description: z.string().optional(),
      assert: z.array(z.unknown()).optional(),
      vars: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  prompt: z.looseObject(
    { raw: z.string({ error: "prompt.raw holds the rendered prompt" }), label: z.string().optional() },
    { error: "a result needs its prompt ({raw, label})" },
  ),
  provider: z.union([z.string(), z.looseObject({ id: z.string().optional(), label: z.string().optional() })]).optional(),
  response: z.looseObject({ output: z.unknown().optional(), error: z.string().optional() }).nullable().optional(),
  error: z.string().nullable().optional(),
  failureReason: z.number().optional(),
  success: z.boolean({ error: "a result says whether it passed (success)" }),
  score: z.number().optional(),
  gradingResult: z
    .looseObject({ pass: z.boolean().optional(), score: z.number().optional(), reason: z.string().optional() })
    .nullable()
    .optional(),
});
type Result = z.output<typeof result>;

/** The results list, wherever the file keeps it. */
function resultsOf(value: unknown): { list: unknown[]; evalId: string | null; path: string } | string {
  const obj = value as { evalId?: unknown; results?: unknown };
  if (Array.isArray(value)) return { list: value, evalId: null, path: "" };
  if (
    obj &&
    typeof obj === "object" &&
    obj.results &&
    typeof obj.results === "object" &&
    Array.isArray((obj.results as { results?: unknown }).results)
  ) {
    return {
      list: (obj.results as { results: unknown[] }).results,
      evalId: typeof obj.evalId === "string" ? obj.evalId : null,
      path: "results.results",
    };
  }
  if (obj && typeof obj === "object" && Array.isArray(obj.results)) return { list: obj.results, evalId: null, path: "results" };
  return "not a promptfoo results file: expected {evalId, results: {results: [...]}} as `promptfoo eval -o results.json` writes it";
}

/** An assertion as one line: "icontains: refund", "llm-rubric: Offers a refund". */
function assertionLine(a: unknown): string | null {
  if (!a || typeof a !== "object") return null;
  const { type, value } = a as { type?: unknown; value?: unknown };
  if (typeof type !== "string") return null;
  return value === undefined ? type : `${type}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
}

function promptMessages(raw: string, where: string, errors: string[]): ReadMessage[] {
  // A chat prompt is JSON (a list of {role, content}); anything else is the user's text.
  if (/^\s*\[/.test(raw)) {
    const read = readMessageList(raw, "prompt.raw", "user");
    if (typeof read !== "string") return read;
  }
  const read = readMessage({ role: "user", content: raw }, "user");
  if (typeof read === "string") {
    errors.push(`${where}: prompt.raw: ${read}`);
    return [];
  }
  return [read];
}

/** The provider's output: text, or tool calls (OpenAI-style list, or a message). */
function outputMessages(output: unknown, where: string, errors: string[]): ReadMessage[] {
  if (output === undefined || output === null || output === "") return [];
  const calls =
    Array.isArray(output) && output.every((c) => c && typeof c === "object" && ("function" in c || "name" in c)) ? output : null;
  const message = calls
    ? { role: "assistant", tool_calls: calls }
    : typeof output === "object" && output !== null && ("content" in output || "tool_calls" in output)
      ? { role: "assistant", ...output }
      : { role: "assistant", content: asText(output) };
  const read = readMessage(message, "assistant");
  if (typeof read === "string") {
    errors.push(`${where}: response.output: ${read}`);
    return [];
  }
  return [read];
}

function verdictOf(r: Result): ImportedVerdict | null {
  // failureReason 2 is promptfoo's ERROR: the provider or the test failed to run.
  if (r.failureReason === 2 || (r.error && !r.gradingResult)) return null;
  const pass = r.gradingResult?.pass ?? r.success;
  const score = r.gradingResult?.score ?? r.score ?? (pass ? 1 : 0);
  return {
    judge: "promptfoo",
    value: pass ? "pass" : "fail",
    score: Math.min(1, Math.max(0, score)),
    reason: r.gradingResult?.reason ?? r.error ?? null,
  };
}

export function parsePromptfoo(input: string): ParseResult {
  const whole = readJsonDocument(input);
  let value: unknown;
  if ("value" in whole) value = whole.value;
  else {
    const lines = readJsonLines(input);
    if (lines.errors.length) return { ok: false, errors: lines.lines.length <= 1 ? [whole.error] : lines.errors };
    value = lines.lines.map((l) => l.value);
  }
  const found = resultsOf(value);
  if (typeof found === "string") return { ok: false, errors: [found] };
  if (!found.list.length) return { ok: false, errors: ["the results file holds no results"] };
  const errors: string[] = [];
  const items: ImportItem[] = [];
  let errored = 0;
  found.list.forEach((raw, i) => {
    const path = `${found.path ? `${found.path}` : ""}[${i}]`;
    const parsed = result.safeParse(raw);
    if (!parsed.success) {
      errors.push(...zodIssueTexts(path, parsed.error));
      return;
    }
    const r = parsed.data;
    const verdict = verdictOf(r);
    if (!verdict) {
      errored++;
      return;
    }
    const description = r.testCase?.description ?? r.description;
    const where = `${path}${description ? ` ("${description}")` : ""}`;
    const before = errors.length;
    const messages = promptMessages(r.prompt.raw, where, errors);
    const outputs = outputMessages(r.response?.output, where, errors);
    if (errors.length > before) return;
    const assertions = (r.testCase?.assert ?? []).map(assertionLine).filter((l): l is string => l !== null);
    const rubric = (r.testCase?.assert ?? [])
      .filter(
        (a): a is { type: string; value: string } =>
          !!a &&
          typeof a === "object" &&
          (a as { type?: unknown }).type === "llm-rubric" &&
          typeof (a as { value?: unknown }).value === "string",
      )
      .map((a) => a.value)
      .join("\n");
    const provider = typeof r.provider === "string" ? r.provider : (r.provider?.label ?? r.provider?.id);
    const lastUser = [...messages].reverse().find((m) => m.message.role === "user" && m.message.content)?.message.content;
    const item = chatItem(
      {
        where,
        source: "promptfoo",
        externalId: [found.evalId, description ?? r.id ?? `test ${(r.testIdx ?? i) + 1}, prompt ${(r.promptIdx ?? 0) + 1}`, provider]
          .filter(Boolean)
          .join(" · "),
        messages,
        outputs,
        ...(lastUser ? { taskPrompt: lastUser } : {}),
        ...(rubric ? { rubric } : {}),
        ...(assertions.length ? { expected: assertions.join("\n") } : {}),
        verdicts: [verdict],
      },
      errors,
    );
    if (item) items.push(item);
  });
  if (errors.length) return { ok: false, errors };
  const notes = [`${plural(items.length, "result")}${found.evalId ? ` of promptfoo eval ${found.evalId}` : ""}`];
  if (errored)
    notes.push(`${plural(errored, "result")} skipped: errored (the provider failed), so there is no output to label and no verdict`);
  if (!items.length) return { ok: false, errors: [`every result errored: nothing to label (${notes.slice(1).join("")})`] };
  return { ok: true, items, notes };
}
