import { parse } from "csv-parse/sync";
import { z } from "zod";
import { DatasetError, type DatasetIssue } from "./issues";

/**
 * HANNA (Chhun, Suchanek & Clavel, TACL 2024; dig-team/hanna-benchmark-asg):
 * `hanna_metric_scores_llm.csv`, one row per story generator, every cell a JSON list of 96 per-story
 * values. Story id = 96 × row index + position (the "Human" row is row 0 and is skipped: its stories
 * were written by people, not generated). Pure: validates the whole file before returning.
 *
 * The file holds ratings, not story text: an item is identified by story id, generator and criterion.
 */
export const HANNA_CRITERIA = [
  { name: "Relevance", code: "RE" },
  { name: "Coherence", code: "CH" },
  { name: "Empathy", code: "EM" },
  { name: "Surprise", code: "SU" },
  { name: "Engagement", code: "EG" },
  { name: "Complexity", code: "CX" },
] as const;

export type HannaCriterion = (typeof HANNA_CRITERIA)[number]["name"];
export const STORIES_PER_ROW = 96;
export const HANNA_RATERS = 3;

export interface HannaStory {
  id: number;
  generator: string;
}

export interface HannaJudge {
  /** The LLM as named in the file (Beluga-13B, ChatGPT, ...). */
  llm: string;
  /** Prompt variant 1–4. */
  variant: number;
  /** ratings[criterion][story index], the LLM's rating as published (a mean of its answers). */
  ratings: Record<HannaCriterion, number[]>;
}

export interface HannaData {
  stories: HannaStory[];
  /** The mean of the three human ratings, per criterion, per story index. */
  mean: Record<HannaCriterion, number[]>;
  /** raters[criterion][rater 0..2][story index]: the individual ratings, 1–5. */
  raters: Record<HannaCriterion, number[][]>;
  judges: HannaJudge[];
}

const list = z
  .array(z.number({ error: "every value must be a number" }), { error: "must be a JSON list of numbers" })
  .length(STORIES_PER_ROW, `must hold ${STORIES_PER_ROW} values`);
const humanRating = z
  .int("a human rating must be a whole number")
  .min(1, "a human rating must be 1–5")
  .max(5, "a human rating must be 1–5");

const JUDGE_COLUMN = /^(.+) (RE|CH|EM|SU|EG|CX) ([1-9])$/;

/** Parses the CSV text; `file` names it in error messages. */
export function parseHanna(text: string, file = "hanna_metric_scores_llm.csv"): HannaData {
  const issues: DatasetIssue[] = [];
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  } catch (error) {
    throw new DatasetError([{ file, message: `not valid CSV: ${(error as Error).message}` }]);
  }
  const columns = rows.length ? Object.keys(rows[0]!) : [];
  const required = [
    "Model",
    ...HANNA_CRITERIA.map((c) => c.name),
    ...HANNA_CRITERIA.flatMap((c) => [1, 2, 3].map((r) => `Human ${r} ${c.code}`)),
  ];
  for (const column of required) if (!columns.includes(column)) issues.push({ file, field: column, message: "missing column" });

  const judgeKeys = new Map<string, { llm: string; variant: number }>();
  for (const column of columns) {
    const match = JUDGE_COLUMN.exec(column);
    if (match && match[1] !== "Human" && !match[1]!.startsWith("Human "))
      judgeKeys.set(`${match[1]} ${match[3]}`, { llm: match[1]!, variant: Number(match[3]) });
  }
  for (const [key, { llm, variant }] of judgeKeys) {
    for (const c of HANNA_CRITERIA)
      if (!columns.includes(`${llm} ${c.code} ${variant}`))
        issues.push({ file, field: `${llm} ${c.code} ${variant}`, message: `missing column (the other criteria of ${key} are present)` });
  }
  if (rows.length === 0) issues.push({ file, message: "has no rows" });
  if (issues.length) throw new DatasetError(issues);

  const stories: HannaStory[] = [];
  const empty = <T>(make: () => T) => Object.fromEntries(HANNA_CRITERIA.map((c) => [c.name, make()])) as Record<HannaCriterion, T>;
  const mean = empty<number[]>(() => []);
  const raters = empty<number[][]>(() => [[], [], []]);
  const judges: HannaJudge[] = [...judgeKeys.values()].map(({ llm, variant }) => ({ llm, variant, ratings: empty<number[]>(() => []) }));

  const cell = (rowIndex: number, column: string, check?: (v: number, position: number) => string | null): number[] | null => {
    const raw = rows[rowIndex]![column] ?? "";
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      issues.push({ file, item: rowIndex, field: column, message: "is not a JSON list" });
      return null;
    }
    const parsed = list.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = typeof issue.path[0] === "number" ? ` (position ${issue.path[0]})` : "";
      issues.push({ file, item: rowIndex, field: column, message: `${issue.message}${at}` });
      return null;
    }
    for (const [position, v] of parsed.data.entries()) {
      const problem = check?.(v, position);
      if (problem) {
        issues.push({ file, item: rowIndex, field: column, message: `${problem} (position ${position}, value ${v})` });
        return null;
      }
    }
    return parsed.data;
  };

  rows.forEach((row, rowIndex) => {
    const generator = row.Model?.trim();
    if (!generator) {
      issues.push({ file, item: rowIndex, field: "Model", message: "is empty" });
      return;
    }
    if (generator === "Human") return;
    for (let position = 0; position < STORIES_PER_ROW; position++) stories.push({ id: STORIES_PER_ROW * rowIndex + position, generator });
    for (const c of HANNA_CRITERIA) {
      const means = cell(rowIndex, c.name, (v) => (v >= 1 && v <= 5 ? null : "a mean human rating must be between 1 and 5"));
      const each = [1, 2, 3].map((r) =>
        cell(rowIndex, `Human ${r} ${c.code}`, (v) =>
          humanRating.safeParse(v).success ? null : "a human rating must be a whole number 1–5",
        ),
      );
      if (means && each.every(Boolean)) {
        means.forEach((m, i) => {
          const average = (each[0]![i]! + each[1]![i]! + each[2]![i]!) / 3;
          if (Math.abs(average - m) > 1e-6)
            issues.push({
              file,
              item: rowIndex,
              field: c.name,
              message: `position ${i}: ${m} is not the mean of the three raters (${average})`,
            });
        });
      }
      if (means) mean[c.name].push(...means);
      each.forEach((values, r) => values && raters[c.name][r]!.push(...values));
      for (const judge of judges) {
        const values = cell(rowIndex, `${judge.llm} ${c.code} ${judge.variant}`, (v) =>
          Number.isFinite(v) ? null : "a rating must be a finite number",
        );
        if (values) judge.ratings[c.name].push(...values);
      }
    }
  });
  if (stories.length === 0 && issues.length === 0) issues.push({ file, message: 'has no generated stories (only the "Human" row)' });
  if (issues.length) throw new DatasetError(issues);
  return { stories, mean, raters, judges };
}

/** A rating as stored in a label value: at most two decimals ("3.67", "4"), so equal ratings are equal text. */
export function ratingText(value: number): string {
  return String(Number(value.toFixed(2)));
}

/** HANNA's LLM ratings are means of several answers, and an unanswerable one is coded below 1: only 1–5 is a rating. */
export function isOnScale(value: number): boolean {
  return value >= 1 && value <= 5;
}
