import { parse as parseYaml } from "yaml";
import type { ImportedScore, ImportedVerdict, ImportItem } from "./types";

/**
 * Turning a peer's scores into judge verdicts, only as the user said: which score is the judge,
 * when it passes (threshold and direction, or the values that pass). Nothing else makes a verdict:
 * a Langfuse toxicity of 0 is good and a correctness of 0 is bad, and only the user knows which.
 *
 *   gavel import transcripts FILE --score toxicity --pass-when "<=0.2"
 *   gavel import transcripts FILE --score-map mapping.yaml
 *
 * mapping.yaml:
 *   scores:
 *     - score: correctness        # the score's name in the file
 *       pass_when: ">= 0.5"       # >= > <= < == != with a number, or == / != / in [...] with text
 *       judge: langfuse-correct   # optional: the replay judge's name (default: <source>-<score>)
 *     - score: toxicity
 *       threshold: 0.2            # the same as pass_when "<= 0.2"
 *       polarity: lower           # lower is better (0 = good); higher (default) passes at >= threshold
 * Pure.
 */
export type Comparison = ">=" | ">" | "<=" | "<" | "==" | "!=";

export type PassCondition = { op: Comparison; number: number } | { op: "==" | "!="; text: string } | { op: "in"; texts: string[] };

export interface ScoreRule {
  /** The score's name as the file gives it (case-sensitive). */
  score: string;
  passWhen: PassCondition;
  /** The replay judge the verdicts go to; default `<source>-<score>`. */
  judge?: string;
}

export interface ScoreMapping {
  rules: ScoreRule[];
}

const COMPARISON = /^\s*(>=|<=|==|!=|=|>|<)\s*(.+?)\s*$/;
const IN_LIST = /^\s*in\s*\[(.*)\]\s*$/i;

/** ">=0.5", "< 0.2", "== C", "!= fail", "in [C, P]" → a condition, or what is wrong with the text. */
export function parsePassWhen(text: string): PassCondition | string {
  const list = IN_LIST.exec(text);
  if (list) {
    const texts = list[1]!
      .split(",")
      .map((t) => unquote(t.trim()))
      .filter(Boolean);
    return texts.length ? { op: "in", texts } : `"${text}": name the values that pass, e.g. in [C, P]`;
  }
  const match = COMPARISON.exec(text);
  if (!match) return `"${text}" is not a condition: write it like ">=0.5", "<=0.2", "==C" or "in [pass, yes]"`;
  const op = (match[1] === "=" ? "==" : match[1]) as Comparison;
  const operand = unquote(match[2]!);
  const number = Number(operand);
  if (operand !== "" && Number.isFinite(number) && !/^["']/.test(match[2]!)) return { op, number };
  if (op === "==" || op === "!=") return { op, text: operand };
  return `"${text}": ${op} needs a number (got "${operand}")`;
}

const unquote = (t: string) => t.replace(/^(["'])(.*)\1$/, "$2");

/** Whether a score's value passes; null when the value cannot be compared (text against a number). */
export function passes(value: ImportedScore["value"], condition: PassCondition): boolean | null {
  if (condition.op === "in") return condition.texts.includes(String(value));
  if ("text" in condition) return condition.op === "==" ? String(value) === condition.text : String(value) !== condition.text;
  const n = typeof value === "boolean" ? (value ? 1 : 0) : typeof value === "number" ? value : Number(value);
  if (typeof value === "string" && (value.trim() === "" || !Number.isFinite(n))) return null;
  switch (condition.op) {
    case ">=":
      return n >= condition.number;
    case ">":
      return n > condition.number;
    case "<=":
      return n <= condition.number;
    case "<":
      return n < condition.number;
    case "==":
      return n === condition.number;
    case "!=":
      return n !== condition.number;
  }
}

export function describeCondition(condition: PassCondition): string {
  if (condition.op === "in") return `in [${condition.texts.join(", ")}]`;
  return `${condition.op} ${"text" in condition ? condition.text : condition.number}`;
}

/** `--score NAME --pass-when ">=0.5"` [--judge NAME] as a mapping, or what is wrong. */
export function mappingFromFlags(score: string | undefined, passWhen: string | undefined, judge?: string): ScoreMapping | string | null {
  if (score === undefined && passWhen === undefined) return null;
  if (!score?.trim()) return "--pass-when needs --score NAME: which of the file's scores is the judge";
  if (!passWhen?.trim()) return `--score ${score} needs --pass-when, e.g. --pass-when ">=0.5" (or "<=0.2" when lower is better)`;
  const condition = parsePassWhen(passWhen);
  if (typeof condition === "string") return `--pass-when ${condition}`;
  return { rules: [{ score: score.trim(), passWhen: condition, ...(judge?.trim() ? { judge: judge.trim() } : {}) }] };
}

/** A mapping file (YAML or JSON: `scores: [{score, pass_when | threshold + polarity, judge}]`), or every problem in it. */
export function parseScoreMapFile(text: string): ScoreMapping | { errors: string[] } {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    return { errors: [`not valid YAML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`] };
  }
  const list = Array.isArray(doc) ? doc : doc && typeof doc === "object" ? (doc as { scores?: unknown }).scores : undefined;
  if (!Array.isArray(list) || !list.length)
    return { errors: ['expected "scores:" with a list of {score, pass_when} (or {score, threshold, polarity})'] };
  const errors: string[] = [];
  const rules: ScoreRule[] = [];
  list.forEach((raw, i) => {
    const where = `scores[${i}]`;
    if (!raw || typeof raw !== "object") return void errors.push(`${where}: expected {score, pass_when}`);
    const r = raw as Record<string, unknown>;
    const name = r.score ?? r.name;
    if (typeof name !== "string" || !name.trim()) return void errors.push(`${where}: score: name the score (as the file gives it)`);
    const judge = r.judge === undefined ? undefined : typeof r.judge === "string" && r.judge.trim() ? r.judge.trim() : null;
    if (judge === null) return void errors.push(`${where}: judge: must be a name`);
    let condition: PassCondition | string;
    const passWhen = r.pass_when ?? r.passWhen;
    if (passWhen !== undefined) {
      condition = typeof passWhen === "string" ? parsePassWhen(passWhen) : `pass_when must be text like ">=0.5"`;
    } else if (r.threshold !== undefined) {
      const polarity = r.polarity ?? "higher";
      if (typeof r.threshold !== "number") condition = "threshold must be a number";
      else if (polarity !== "higher" && polarity !== "lower")
        condition = `polarity must be "higher" (higher is better) or "lower" (lower is better, e.g. toxicity)`;
      else condition = { op: polarity === "higher" ? ">=" : "<=", number: r.threshold };
    } else if (Array.isArray(r.pass_values)) {
      condition = { op: "in", texts: r.pass_values.map(String) };
    } else condition = 'say when it passes: pass_when: ">=0.5", or threshold with polarity, or pass_values: [...]';
    if (typeof condition === "string") return void errors.push(`${where} (${name}): ${condition}`);
    rules.push({ score: name.trim(), passWhen: condition, ...(judge ? { judge } : {}) });
  });
  const names = rules.map((r) => r.score);
  names.forEach((n, i) => names.indexOf(n) !== i && errors.push(`score "${n}" is mapped twice: keep one rule per score`));
  return errors.length ? { errors } : { rules };
}

export interface MappedSummary {
  score: string;
  judge: string;
  condition: string;
  pass: number;
  fail: number;
  /** Items that have this score with a value the condition cannot compare (text against a number). */
  incomparable: number;
  /** Items without this score. */
  missing: number;
}

/**
 * Adds each rule's verdicts to the items (a verdict per item that has the score), and says per rule
 * how many passed, failed, could not be compared or lacked the score. A rule that matches no item at
 * all is an error: the user named a score the file does not have.
 */
export function applyScoreMapping(
  items: ImportItem[],
  mapping: ScoreMapping,
): { ok: true; items: ImportItem[]; summary: MappedSummary[] } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const summary: MappedSummary[] = mapping.rules.map((rule) => ({
    score: rule.score,
    judge: rule.judge ?? "",
    condition: describeCondition(rule.passWhen),
    pass: 0,
    fail: 0,
    incomparable: 0,
    missing: 0,
  }));
  const out = items.map((item) => {
    const added: ImportedVerdict[] = [];
    mapping.rules.forEach((rule, r) => {
      const found = (item.scores ?? []).filter((s) => s.name === rule.score);
      if (!found.length) return void summary[r]!.missing++;
      const judge = rule.judge ?? `${item.transcript.source}-${rule.score}`;
      if (!summary[r]!.judge) summary[r]!.judge = judge;
      for (const s of found) {
        const ok = passes(s.value, rule.passWhen);
        if (ok === null) {
          summary[r]!.incomparable++;
          continue;
        }
        summary[r]![ok ? "pass" : "fail"]++;
        added.push({
          judge,
          value: ok ? "pass" : "fail",
          score: ok ? 1 : 0,
          reason: `${rule.score} = ${String(s.value)} (passes when ${describeCondition(rule.passWhen)})${s.comment ? `: ${s.comment}` : ""}`,
        });
      }
    });
    return added.length ? { ...item, verdicts: [...item.verdicts, ...added] } : item;
  });
  const names = [...new Set(items.flatMap((i) => (i.scores ?? []).map((s) => s.name)))].sort();
  summary.forEach((s) => {
    if (s.pass + s.fail + s.incomparable === 0)
      errors.push(
        `no transcript has a score named "${s.score}"${names.length ? ` (the file's scores: ${names.join(", ")})` : " (the file has no scores)"}`,
      );
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, items: out, summary };
}

/** The import form's and the API's fields (score, passWhen, judge, or a mapping file's text) as a mapping. */
export function mappingFromFields(fields: {
  score?: string;
  passWhen?: string;
  judge?: string;
  scoreMap?: string;
}): ScoreMapping | null | { errors: string[] } {
  const flags = mappingFromFlags(fields.score || undefined, fields.passWhen || undefined, fields.judge);
  if (typeof flags === "string") return { errors: [flags.replace(/--pass-when/g, "pass when").replace(/--score/g, "score")] };
  if (!fields.scoreMap?.trim()) return flags;
  if (flags) return { errors: ["Give either a score with its pass condition, or a mapping file, not both."] };
  const parsed = parseScoreMapFile(fields.scoreMap);
  return "errors" in parsed ? { errors: parsed.errors.map((e) => `score mapping: ${e}`) } : parsed;
}
