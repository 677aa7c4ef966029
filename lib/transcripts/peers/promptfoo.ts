import { z } from "zod";
import { readMessage, readMessageList, type ReadMessage } from "../chat/messages";
import { readJsonOrLines } from "../json-text";
import { zodIssueTexts, type ImportedScore, type ImportItem, type ParseResult, type SkippedPart } from "../types";
import { asText, chatItem, plural } from "./chat";

/**
 * promptfoo's results file (`promptfoo eval -o results.json`; src/types/index.ts: OutputFile
 * {evalId, results: {version, results: EvaluateResult[]}, config}), or its results alone. One
 * transcript per result (test × prompt × provider): the rendered prompt (a chat prompt's messages,
 * else the prompt text as the user's message), the provider's output (tool calls included), the
 * test's assertions as what was expected (an llm-rubric's text is the rubric; thresholds kept). The
 * external id is the eval, the test and the provider (its label when it has one, else its id).
 * Every assertion's outcome is kept as a score named by its type (llm-rubric, contains, latency,
 * cost, …; value pass true/false, the reason as comment), and the overall outcome as the score
 * "promptfoo": the llm-rubric judge stays apart from latency and cost limits. None is a verdict
 * unless the user maps it (score-mapping.ts: --score llm-rubric --pass-when "==true"). A result
 * that errored (the provider failed) has no output to label: it is skipped, with why.
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
    .looseObject({
      pass: z.boolean().optional(),
      score: z.number().optional(),
      reason: z.string().optional(),
      componentResults: z.array(z.unknown()).nullable().optional(),
    })
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
  const { type, value, threshold } = a as { type?: unknown; value?: unknown; threshold?: unknown };
  if (typeof type !== "string") return null;
  const line = value === undefined ? type : `${type}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
  return threshold === undefined ? line : `${line}${value === undefined ? ":" : ","} threshold ${JSON.stringify(threshold)}`;
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

/** failureReason 2 is promptfoo's ERROR: the provider or the test failed to run. */
const errored = (r: Result) => r.failureReason === 2 || (!!r.error && !r.gradingResult);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Each assertion's outcome as a score (duplicated types numbered: "llm-rubric #2"), then the overall outcome. */
function scoresOf(r: Result): { scores: ImportedScore[]; assertions: Obj[] } {
  const scores: ImportedScore[] = [];
  const assertions: Obj[] = [];
  const seen = new Map<string, number>();
  for (const c of r.gradingResult?.componentResults ?? []) {
    if (!isObj(c) || typeof c.pass !== "boolean") continue;
    const assertion = isObj(c.assertion) ? c.assertion : {};
    const type = typeof assertion.type === "string" ? assertion.type : "assertion";
    const n = (seen.get(type) ?? 0) + 1;
    seen.set(type, n);
    const name = n === 1 ? type : `${type} #${n}`;
    scores.push({ name, value: c.pass, ...(typeof c.reason === "string" ? { comment: c.reason } : {}), source: type });
    assertions.push({
      name,
      ...assertion,
      pass: c.pass,
      ...(typeof c.score === "number" ? { score: c.score } : {}),
      ...(typeof c.reason === "string" ? { reason: c.reason } : {}),
    });
  }
  const reason = r.gradingResult?.reason ?? r.error ?? undefined;
  scores.push({
    name: "promptfoo",
    value: r.gradingResult?.pass ?? r.success,
    ...(reason ? { comment: reason } : {}),
    source: "promptfoo",
  });
  return { scores, assertions };
}

export function parsePromptfoo(input: string): ParseResult {
  const read = readJsonOrLines(input);
  if (!read.ok) return read;
  const found = resultsOf(read.value);
  if (typeof found === "string") return { ok: false, errors: [found] };
  if (!found.list.length) return { ok: false, errors: ["the results file holds no results"] };
  const errors: string[] = [];
  const items: ImportItem[] = [];
  const skipped: SkippedPart[] = [];
  found.list.forEach((raw, i) => {
    const path = `${found.path ? `${found.path}` : ""}[${i}]`;
    const parsed = result.safeParse(raw);
    if (!parsed.success) {
      errors.push(...zodIssueTexts(path, parsed.error));
      return;
    }
    const r = parsed.data;
    const description = r.testCase?.description ?? r.description;
    const where = `${path}${description ? ` ("${description}")` : ""}`;
    if (errored(r)) {
      const error = (r.error ?? "the provider failed").replace(/\s+/g, " ").slice(0, 300);
      skipped.push({ where, why: `errored (${error}): no output to label` });
      return;
    }
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
    // promptfoo writes label: "" when the provider has none: the id names it then.
    const provider = typeof r.provider === "string" ? r.provider : r.provider?.label || r.provider?.id;
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
      },
      errors,
    );
    if (!item) return;
    const { scores, assertions: outcomes } = scoresOf(r);
    const metadata: Obj = { "promptfoo.scores": scores };
    if (outcomes.length) metadata["promptfoo.assertions"] = outcomes;
    if (r.testCase?.vars && Object.keys(r.testCase.vars).length) metadata["promptfoo.vars"] = r.testCase.vars;
    item.transcript.content.metadata = metadata;
    items.push({ ...item, scores, unmapped: Object.keys(metadata) });
  });
  if (errors.length) return { ok: false, errors };
  const notes = [`${plural(items.length, "result")}${found.evalId ? ` of promptfoo eval ${found.evalId}` : ""}`];
  if (items.length)
    notes.push(
      `assertion outcomes kept as scores, not verdicts (map the judge with --score llm-rubric --pass-when "==true", or the overall outcome with --score promptfoo)`,
    );
  if (!items.length)
    return { ok: false, errors: [`every result errored: nothing to label`, ...skipped.map((s) => `${s.where}: ${s.why}`)] };
  return { ok: true, items, notes, ...(skipped.length ? { skipped } : {}) };
}
