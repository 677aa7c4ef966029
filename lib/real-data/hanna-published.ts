import { z } from "zod";
import published from "../../datasets/hanna/published-kendall-story-level.json" with { type: "json" };
import { kendallTauB } from "../stats";
import { HANNA_CRITERIA, type HannaCriterion, type HannaData } from "./hanna";

/**
 * HANNA "as published": the paper's story-level figure (Chhun, Suchanek & Clavel, TACL 2024), |Kendall's τ-b| × 100
 * per criterion × LLM × prompt variant, and Gavel's recomputation of each cell with the paper's convention — all 960
 * generated stories, the LLM's ratings as published (including the values below 1 that code an unanswerable reply),
 * against the mean human rating. Gavel's own statistics leave those values out as error verdicts; this module exists
 * so a reader can hold Gavel's data against the paper cell for cell. The figure and its source are stored beside the
 * data set (datasets/hanna/published-kendall-story-level.json and .png).
 */
const figureSchema = z.object({
  source: z.object({
    paper: z.string(),
    repository: z.string(),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    file: z.string(),
    cell: z.string(),
    image: z.string(),
  }),
  convention: z.string(),
  rows: z.array(z.enum(HANNA_CRITERIA.map((c) => c.code) as [string, ...string[]])).length(HANNA_CRITERIA.length),
  columns: z.array(z.string().regex(/^.+ [1-9]$/, 'a column is "<LLM> <prompt variant>"')).min(1),
  cells: z.array(z.array(z.int().min(0).max(100))),
  average: z.array(z.int().min(0).max(100)),
});

export interface PublishedFigure {
  source: z.infer<typeof figureSchema>["source"];
  convention: string;
  /** The figure's columns in order. */
  judges: { llm: string; variant: number }[];
  /** cells[criterion][column]: the published |τ| × 100. */
  cells: Record<HannaCriterion, number[]>;
  /** The figure's "Avg" row. */
  average: number[];
}

/** Parses and checks the stored figure: every row as long as the columns, every criterion once. */
export function parsePublishedFigure(raw: unknown): PublishedFigure {
  const figure = figureSchema.parse(raw);
  const width = figure.columns.length;
  figure.cells.forEach((row, i) => {
    if (row.length !== width) throw new Error(`Published figure, row ${figure.rows[i]}: ${row.length} cells for ${width} columns.`);
  });
  if (figure.cells.length !== figure.rows.length || figure.average.length !== width)
    throw new Error("Published figure: the cells, rows, columns and average do not line up.");
  if (new Set(figure.rows).size !== figure.rows.length) throw new Error("Published figure: a criterion is listed twice.");
  const cells = Object.fromEntries(HANNA_CRITERIA.map(({ name, code }) => [name, figure.cells[figure.rows.indexOf(code)]!])) as Record<
    HannaCriterion,
    number[]
  >;
  const judges = figure.columns.map((column) => {
    const at = column.lastIndexOf(" ");
    return { llm: column.slice(0, at), variant: Number(column.slice(at + 1)) };
  });
  return { source: figure.source, convention: figure.convention, judges, cells, average: figure.average };
}

let cached: PublishedFigure | null = null;

/** The figure shipped with the data set (parsed once). */
export function publishedFigure(): PublishedFigure {
  cached ??= parsePublishedFigure(published);
  return cached;
}

/** Rounds half to even, as numpy and pandas do (the figure was drawn from `(100 * corr).round().abs()`). */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** A cell of the figure from τ: |round(100 τ)|; null when τ is undefined. */
export function figureCell(tau: number | null): number | null {
  return tau === null ? null : Math.abs(roundHalfEven(100 * tau));
}

export interface AsPublishedCell {
  criterion: HannaCriterion;
  llm: string;
  variant: number;
  /** Stories in the computation (960 on the full file). */
  n: number;
  tau: number | null;
  /** Gavel's |round(100 τ)|. */
  value: number | null;
  published: number;
  matches: boolean;
}

/**
 * The paper's convention for one cell: τ-b of the LLM's ratings as given against the mean human ratings, every
 * story, nothing left out.
 */
export function asPublishedTau(llm: readonly number[], humanMean: readonly number[]): number | null {
  return kendallTauB(llm, humanMean);
}

/**
 * Every cell of the figure, recomputed. `ratings(llm, variant, criterion)` gives the LLM's ratings and the human
 * means for the same stories in the same order, or null when Gavel has no such judge.
 */
export function compareWithPublished(
  figure: PublishedFigure,
  ratings: (llm: string, variant: number, criterion: HannaCriterion) => { llm: readonly number[]; human: readonly number[] } | null,
): AsPublishedCell[] {
  return HANNA_CRITERIA.flatMap(({ name }) =>
    figure.judges.map(({ llm, variant }, column) => {
      const pair = ratings(llm, variant, name);
      const tau = pair ? asPublishedTau(pair.llm, pair.human) : null;
      const value = figureCell(tau);
      const published = figure.cells[name][column]!;
      return { criterion: name, llm, variant, n: pair?.llm.length ?? 0, tau, value, published, matches: value === published };
    }),
  );
}

/** The ratings lookup for a parsed HANNA file (the upstream CSV, values exactly as published). */
export function ratingsFromFile(data: HannaData) {
  return (llm: string, variant: number, criterion: HannaCriterion) => {
    const judge = data.judges.find((j) => j.llm === llm && j.variant === variant);
    return judge ? { llm: judge.ratings[criterion], human: data.mean[criterion] } : null;
  };
}
