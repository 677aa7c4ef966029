import { describe, expect, it } from "vitest";
import type { Dimension } from "../schemas/dimensions";
import { agreementByDimension, dimensionValue } from "./dimension-agreement";

const verdict: Dimension = { name: "verdict", type: "binary", primary: true };
const reason: Dimension = {
  name: "reason",
  type: "categorical",
  values: ["hallucination", "wrong tool", "incomplete"],
  multi: false,
  primary: false,
};
const tags: Dimension = { name: "tags", type: "categorical", values: ["slow", "rude"], multi: true, primary: false };
const tone: Dimension = { name: "tone", type: "numeric", min: 1, max: 5, primary: false };

const label = (transcriptId: string, reviewerId: string, dimensions: unknown) => ({ transcriptId, reviewerId, dimensions });

describe("dimensionValue", () => {
  it("reads stored JSON (text on SQLite, an object on PostgreSQL); blank is null", () => {
    expect(dimensionValue(reason, '{"reason":"wrong tool"}')).toBe("wrong tool");
    expect(dimensionValue(tone, { tone: 4 })).toBe("4");
    expect(dimensionValue(tags, { tags: ["rude", "slow"] })).toBe("rude; slow");
    expect(dimensionValue(reason, null)).toBeNull();
    expect(dimensionValue(reason, { tone: 3 })).toBeNull();
  });
});

describe("agreementByDimension", () => {
  it("skips the primary and measures each further dimension on the labels that gave it", () => {
    const labels = [
      label("t1", "a", { reason: "hallucination", tone: 2 }),
      label("t1", "b", { reason: "hallucination", tone: 3 }),
      label("t2", "a", { reason: "wrong tool", tone: 5 }),
      label("t2", "b", { reason: "incomplete", tone: 5 }),
      label("t3", "a", { reason: "incomplete", tone: 1 }),
      label("t3", "b", { reason: "incomplete" }),
      label("t4", "a", null),
      label("t4", "b", null),
    ];
    const [byReason, byTone] = agreementByDimension(labels, [verdict, reason, tone]);
    expect(byReason!.dimension.name).toBe("reason");
    expect(byReason!.labeled).toBe(6);
    expect(byReason!.result.categories).toEqual(["hallucination", "wrong tool", "incomplete"]);
    const pair = byReason!.result.pairs[0]!;
    expect([pair.n, pair.agreed]).toEqual([3, 2]);
    // p_o = 2/3; a gives h, w, i; b gives h, i, i: p_e = (1·1 + 1·0 + 1·2) / 9 = 1/3; κ = (2/3 − 1/3) / (2/3) = 0.5
    expect(pair.kappa).toBeCloseTo(0.5, 10);
    expect(byReason!.result.group.fleissKappa).not.toBeNull();

    expect(byTone!.labeled).toBe(5);
    expect(byTone!.result.pairs[0]!.n).toBe(2);
    expect(byTone!.result.pairs[0]!.weightedKappa).not.toBeNull();
    expect(byTone!.result.group.alphaLevel).toBe("ordinal");
    expect(byTone!.result.categories).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("compares a multi-select as the whole set chosen", () => {
    const [byTags] = agreementByDimension(
      [
        label("t1", "a", { tags: ["rude", "slow"] }),
        label("t1", "b", { tags: ["rude", "slow"] }),
        label("t2", "a", { tags: ["slow"] }),
        label("t2", "b", { tags: ["rude"] }),
      ],
      [tags],
    );
    expect(byTags!.result.categories).toEqual(["rude", "rude; slow", "slow"]);
    expect(byTags!.result.pairs[0]!.agreed).toBe(1);
  });
});
