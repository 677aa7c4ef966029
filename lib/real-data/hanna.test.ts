import { describe, expect, it } from "vitest";
import { hannaMiniCsv as csv } from "./fixtures/hanna-mini";
import { isOnScale, parseHanna, ratingText, STORIES_PER_ROW } from "./hanna";
import { DatasetError } from "./issues";

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
