import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HANNA_CRITERIA, isOnScale, parseHanna } from "./hanna";
import { compareWithPublished, figureCell, parsePublishedFigure, publishedFigure, ratingsFromFile, roundHalfEven } from "./hanna-published";

const data = parseHanna(readFileSync(path.join(import.meta.dirname, "../../datasets/hanna/hanna_metric_scores_llm.csv"), "utf8"));
const figure = publishedFigure();

describe("the published HANNA figure", () => {
  it("names its source: the authors' notebook at the commit the data set was copied from", () => {
    const upstream = readFileSync(path.join(import.meta.dirname, "../../datasets/hanna/UPSTREAM_COMMIT"), "utf8").trim();
    expect(figure.source.commit).toBe(upstream);
    expect(figure.source.file).toBe("data_visualization.ipynb");
    expect(figure.source.repository).toContain("dig-team/hanna-benchmark-asg");
    expect(figure.judges).toHaveLength(16);
  });

  it("was transcribed consistently: each Avg cell is the half-to-even rounded mean of the six above it", () => {
    figure.average.forEach((average, column) => {
      const mean = HANNA_CRITERIA.reduce((sum, { name }) => sum + figure.cells[name][column]!, 0) / HANNA_CRITERIA.length;
      expect(roundHalfEven(mean), figure.judges[column]!.llm).toBe(average);
    });
  });

  it("reproduces all 96 cells from the shipped CSV with the paper's convention (all 960 stories, values as given)", () => {
    const cells = compareWithPublished(figure, ratingsFromFile(data));
    expect(cells).toHaveLength(96);
    for (const cell of cells) {
      expect(cell.n).toBe(960);
      expect(cell.value, `${cell.criterion} / ${cell.llm} / prompt ${cell.variant}`).toBe(cell.published);
    }
    expect(cells.filter((c) => c.matches)).toHaveLength(96);
  });

  it("gives Mistral-7B / prompt 1 / Coherence τ-b = 0.22205… (scipy.stats.kendalltau: 0.2221050728296247)", () => {
    const cell = compareWithPublished(figure, ratingsFromFile(data)).find(
      (c) => c.llm === "Mistral-7B" && c.variant === 1 && c.criterion === "Coherence",
    )!;
    expect(cell.tau).toBeCloseTo(0.2221050728296247, 12);
    expect(cell.published).toBe(22);
  });

  it("does not reproduce with Gavel's convention: with the off-scale ratings left out only 70 of 96 cells match", () => {
    const inScale = (llm: string, variant: number, criterion: (typeof HANNA_CRITERIA)[number]["name"]) => {
      const pair = ratingsFromFile(data)(llm, variant, criterion)!;
      const kept = pair.llm.map((v, i) => [v, pair.human[i]!] as const).filter(([v]) => isOnScale(v));
      return { llm: kept.map(([v]) => v), human: kept.map(([, h]) => h) };
    };
    const cells = compareWithPublished(figure, inScale);
    expect(cells.filter((c) => c.matches)).toHaveLength(70);
    const relevance = cells.find((c) => c.llm === "Mistral-7B" && c.variant === 1 && c.criterion === "Relevance")!;
    expect(relevance.n).toBe(960 - 54);
    expect(relevance.tau).toBeCloseTo(0.209, 3);
    expect(relevance.published).toBe(22);
  });
});

describe("figure cells", () => {
  it("round half to even, as numpy does, and drop the sign", () => {
    expect(roundHalfEven(8.5)).toBe(8);
    expect(roundHalfEven(9.5)).toBe(10);
    expect(roundHalfEven(-2.5)).toBe(-2);
    expect(roundHalfEven(2.4999)).toBe(2);
    expect(figureCell(-0.2351)).toBe(24);
    expect(figureCell(null)).toBeNull();
  });

  it("refuse a figure whose rows and columns do not line up, or that lists a criterion twice", () => {
    const raw = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../datasets/hanna/published-kendall-story-level.json"), "utf8"));
    expect(() => parsePublishedFigure({ ...raw, cells: [raw.cells[0].slice(1), ...raw.cells.slice(1)] })).toThrow(
      /row RE: 15 cells for 16 columns/,
    );
    expect(() => parsePublishedFigure({ ...raw, rows: ["RE", "RE", "EM", "SU", "EG", "CX"] })).toThrow(/listed twice/);
    expect(() => parsePublishedFigure({ ...raw, source: { ...raw.source, commit: "main" } })).toThrow();
  });
});
