import { itemKind } from "../items/kinds";
import type { ResponseFormat } from "../providers/types";
import { KIND_FOR_PARSER } from "./kinds";
import type { JudgeParser } from "./version";

/**
 * Output parsers. A judge's answer either parses into exactly one verdict of its kind or it is an
 * error: nothing that fails to parse is ever read as a pass or a fail. The verdict is looked for on
 * the first non-empty line, then on the last (for judges that reason before answering); when both
 * hold a verdict and they disagree, the answer is ambiguous and therefore an error.
 * JSON answers ({"verdict": "PASS", "reason": "..."}, {"score": 4, ...}, {"winner": "A", ...}) work too.
 */
export type ParsedVerdict = { ok: true; value: string; score: number; reason: string } | { ok: false; error: string };

const SEP = String.raw`\s*(?:[:\-–—.,;)]\s*|$)`;
const PREFIX = String.raw`^[\s*#>_\x60"'\[(]*(?:(?:final\s+)?(?:verdict|answer|result|decision|label|score|rating|winner|better|preferred|output|response)[\s*_\x60]*(?:is\s*)?[:=\-]?)?[\s*_\x60"'\[(]*`;

const LINE_PATTERNS: Record<JudgeParser, RegExp> = {
  pass_fail: new RegExp(`${PREFIX}(PASS|FAIL)(?:ED)?\\b[*_\\x60"'\\])]*\\s*[:\\-–—.,;]?\\s*(.*)$`, "i"),
  score_1_5: new RegExp(`${PREFIX}([1-5])(?![.\\d])(?:\\s*/\\s*5)?[*_\\x60"'\\])]*${SEP}(.*)$`, "i"),
  pairwise: new RegExp(`${PREFIX}(A|B)[*_\\x60"'\\])]*${SEP}(.*)$`, "i"),
};

const MAX_REASON = 500;

export function parseVerdict(parser: JudgeParser, text: string): ParsedVerdict {
  const json = parseJson(parser, text);
  if (json) return json;
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return { ok: false, error: "The judge's answer is empty." };
  const first = matchLine(parser, lines, 0);
  const last = lines.length > 1 ? matchLine(parser, lines, lines.length - 1) : null;
  if (first && last && first.value !== last.value) {
    return { ok: false, error: `Ambiguous answer: the first line says ${first.value} and the last line says ${last.value}.` };
  }
  const found = first ?? last;
  if (found) return { ok: true, ...found };
  return { ok: false, error: `${EXPECTED[parser]} Got: ${JSON.stringify(excerpt(text))}` };
}

const EXPECTED: Record<JudgeParser, string> = {
  pass_fail: "Expected PASS or FAIL (then a one-line reason) on the first or last line.",
  score_1_5: "Expected a whole score from 1 to 5 (then a one-line reason) on the first or last line.",
  pairwise: "Expected A or B (then a one-line reason) on the first or last line.",
};

function matchLine(parser: JudgeParser, lines: string[], index: number): { value: string; score: number; reason: string } | null {
  const match = LINE_PATTERNS[parser].exec(lines[index]!);
  if (!match) return null;
  const value = normalise(parser, match[1]!);
  let reason = match[2]?.trim() ?? "";
  // "PASS" alone on the first line: the reason is the next line.
  if (!reason && index === 0 && lines.length > 1) reason = lines[1]!;
  return { value, score: scoreOf(parser, value), reason: oneLine(reason) };
}

/** A token the parser's pattern matched (PASS, b, 4), in its kind's spelling (pass, B, 4). */
function normalise(parser: JudgeParser, token: string): string {
  return kindOf(parser).verdict(token) ?? token;
}

function scoreOf(parser: JudgeParser, value: string): number {
  return kindOf(parser).numeric(value);
}

const kindOf = (parser: JudgeParser) => itemKind(KIND_FOR_PARSER[parser]);

/**
 * A JSON answer's fields per parser, in the order they are looked for, and its value: a token of `allowed` (any case),
 * or a whole number in `range`.
 */
const JSON_ANSWERS: Record<JudgeParser, { keys: string[]; allowed: string[] } | { keys: string[]; range: [number, number] }> = {
  pass_fail: { keys: ["verdict", "result", "label"], allowed: ["PASS", "FAIL"] },
  score_1_5: { keys: ["score", "rating"], range: [1, 5] },
  pairwise: { keys: ["winner", "verdict", "better"], allowed: ["A", "B"] },
};

function parseJson(parser: JudgeParser, text: string): ParsedVerdict | null {
  const stripped = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  if (!stripped.startsWith("{")) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(stripped) as Record<string, unknown>;
  } catch {
    return { ok: false, error: `The answer looks like JSON but does not parse: ${JSON.stringify(excerpt(text))}` };
  }
  const reason = typeof value.reason === "string" ? oneLine(value.reason) : "";
  const answer = JSON_ANSWERS[parser];
  const keys = answer.keys;
  const raw = keys.map((k) => value[k]).find((v) => v !== undefined);
  if ("range" in answer) {
    const [min, max] = answer.range;
    const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < min || n > max)
      return { ok: false, error: `The JSON answer has no whole score from ${min} to ${max} (got ${JSON.stringify(raw)}).` };
    return { ok: true, value: String(n), score: scoreOf(parser, String(n)), reason };
  }
  const token = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  const allowed = answer.allowed;
  if (!allowed.includes(token))
    return { ok: false, error: `The JSON answer's ${keys[0]} must be ${allowed.join(" or ")} (got ${JSON.stringify(raw)}).` };
  const normalised = normalise(parser, token);
  return { ok: true, value: normalised, score: scoreOf(parser, normalised), reason };
}

function oneLine(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .find((l) => l.trim())
      ?.trim() ?? "";
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
}

function excerpt(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * The JSON Schema a structured-output judge is asked to answer in (params.structuredOutput): the same
 * fields the JSON branch of parseVerdict reads, the reason first so the model explains before it decides.
 * Every property required and none other allowed: the strict subset both OpenAI and Anthropic accept.
 */
export function verdictFormat(parser: JudgeParser): ResponseFormat {
  const reason = { type: "string", description: "One sentence: why." };
  const decision: Record<JudgeParser, [string, Record<string, unknown>]> = {
    pass_fail: ["verdict", { type: "string", enum: ["PASS", "FAIL"] }],
    score_1_5: ["score", { type: "integer", enum: [1, 2, 3, 4, 5] }],
    pairwise: ["winner", { type: "string", enum: ["A", "B"] }],
  };
  const [key, schema] = decision[parser];
  return {
    name: `gavel_${parser}_verdict`,
    schema: { type: "object", properties: { reason, [key]: schema }, required: ["reason", key], additionalProperties: false },
  };
}
