import { describe, expect, it } from "vitest";
import type { ExtraDimension } from "../schemas/dimensions";
import { dimensionAgreement, settleDimensions } from "./dimension-settle";

const dims: ExtraDimension[] = [
  { name: "reason", type: "categorical", values: ["hallucination", "wrong tool", "incomplete"], multi: false },
  { name: "tags", type: "categorical", values: ["slow", "rude"], multi: true },
  { name: "tone", type: "numeric", min: 1, max: 5 },
];

describe("dimensionAgreement", () => {
  it("keeps what the reviewers who answered agree on, and lists the rest with the values they gave", () => {
    const result = dimensionAgreement(dims, [
      { reason: "hallucination", tags: ["slow", "rude"], tone: 4 },
      { reason: "wrong tool", tags: ["slow", "rude"] },
      null,
    ]);
    expect(result.agreed).toEqual({ tags: ["slow", "rude"], tone: 4 });
    expect(result.disputed).toEqual([
      {
        name: "reason",
        options: [
          { value: '"hallucination"', label: "hallucination" },
          { value: '"wrong tool"', label: "wrong tool" },
        ],
      },
    ]);
  });

  it("has nothing to settle when no reviewer filled a dimension in", () => {
    expect(dimensionAgreement(dims, [{}, { reason: "" }])).toEqual({ agreed: {}, disputed: [] });
  });
});

describe("settleDimensions", () => {
  const agreement = dimensionAgreement(dims, [
    { reason: "hallucination", tone: 2 },
    { reason: "wrong tool", tone: 2 },
  ]);

  it("takes the adjudicator's choice for a disputed dimension beside the agreed ones", () => {
    expect(settleDimensions(agreement, { reason: '"wrong tool"' })).toEqual({ ok: true, values: { reason: "wrong tool", tone: 2 } });
  });

  it("refuses a decision that leaves a disputed dimension open, or picks a value no reviewer gave, naming it", () => {
    expect(settleDimensions(agreement, {})).toEqual({
      ok: false,
      dimension: "reason",
      error: "The reviewers disagree on reason: choose its value for the gold label.",
    });
    expect(settleDimensions(agreement, { reason: '"incomplete"' })).toMatchObject({ ok: false, dimension: "reason" });
  });
});
