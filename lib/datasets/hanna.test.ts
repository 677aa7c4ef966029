import { describe, expect, it } from "vitest";
import { HANNA_CRITERIA, isOnScale, parseHanna, ratingText, STORIES_PER_ROW } from "./hanna";
import { DatasetError } from "./issues";

/** A small file in HANNA's shape: a Human row and one generator, one LLM with one prompt variant. */
function csv(tweak: (row: Record<string, unknown>, index: number) => void = () => {}): string {
  const rater = (r: number) => Array.from({ length: STORIES_PER_ROW }, (_, i) => ((i + r) % 5) + 1);
  const mean = Array.from({ length: STORIES_PER_ROW }, (_, i) => (rater(1)[i]! + rater(2)[i]! + rater(3)[i]!) / 3);
  const rows = ["Human", "GPT-2"].map((model, index) => {
    const row: Record<string, unknown> = { Model: model };
    for (const c of HANNA_CRITERIA) {
      row[c.name] = mean;
      for (const r of [1, 2, 3]) row[`Human ${r} ${c.code}`] = rater(r);
      row[`ChatGPT ${c.code} 1`] = rater(1).map((v, i) => (i === 5 ? -1 : v));
    }
    row["BLEU"] = Array(STORIES_PER_ROW).fill(0.1);
    tweak(row, index);
    return row;
  });
  const columns = Object.keys(rows[0]!);
  const quote = (v: unknown) => `"${(typeof v === "string" ? v : JSON.stringify(v)).replace(/"/g, '""')}"`;
  return [columns.join(","), ...rows.map((r) => columns.map((c) => quote(r[c])).join(","))].join("\n");
}

describe("parseHanna", () => {
  it("skips the Human row and numbers stories 96 × row + position", () => {
    const data = parseHanna(csv());
    expect(data.stories).toHaveLength(STORIES_PER_ROW);
    expect(data.stories[0]).toEqual({ id: 96, generator: "GPT-2" });
    expect(data.stories.at(-1)).toEqual({ id: 191, generator: "GPT-2" });
    expect(data.raters.Coherence.map((r) => r[0])).toEqual([2, 3, 4]);
    expect(data.mean.Coherence[0]).toBe(3);
    expect(data.judges).toHaveLength(1);
    expect(data.judges[0]).toMatchObject({ llm: "ChatGPT", variant: 1 });
    expect(data.judges[0]!.ratings.Empathy[5]).toBe(-1);
  });

  it("names the row, the column and the position of every problem, and returns nothing", () => {
    const bad = csv((row, index) => {
      if (index !== 1) return;
      row["Human 2 EM"] = [...(row["Human 2 EM"] as number[]).slice(0, 40), 7, ...(row["Human 2 EM"] as number[]).slice(41)];
      row["ChatGPT SU 1"] = [1, 2];
      row["Relevance"] = "not json";
    });
    let message = "";
    try {
      parseHanna(bad, "hanna.csv");
    } catch (error) {
      expect(error).toBeInstanceOf(DatasetError);
      message = (error as Error).message;
    }
    expect(message).toContain("hanna.csv, item 1, field Human 2 EM: a human rating must be a whole number 1–5 (position 40, value 7)");
    expect(message).toContain("hanna.csv, item 1, field ChatGPT SU 1: must hold 96 values");
    expect(message).toContain("hanna.csv, item 1, field Relevance: is not a JSON list");
  });

  it("refuses a file without the rater columns", () => {
    expect(() => parseHanna("Model,Relevance\nGPT,[1]\n", "x.csv")).toThrow(/x\.csv, field Coherence: missing column/);
  });

  it("writes ratings with at most two decimals and knows the scale", () => {
    expect(ratingText(11 / 3)).toBe("3.67");
    expect(ratingText(4)).toBe("4");
    expect(isOnScale(0.667)).toBe(false);
    expect(isOnScale(5)).toBe(true);
  });
});
