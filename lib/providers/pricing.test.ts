import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { costUsd, PRICE_CATALOG, priceCall, priceNote } from "./pricing";

const M = 1_000_000;
const noOverrides = {};

describe("prices", () => {
  it("price current models from the maintained catalog, dated snapshots finding their model", () => {
    const price = (model: string, tokensIn: number, tokensOut: number) => priceCall(model, null, tokensIn, tokensOut, noOverrides)?.costUsd;
    // USD per million input / output tokens, as the providers publish them.
    expect(price("claude-opus-4-5", M, 0)).toBeCloseTo(5, 10);
    expect(price("claude-opus-4-5", 0, M)).toBeCloseTo(25, 10);
    expect(price("claude-opus-4-1-20250805", M, M)).toBeCloseTo(15 + 75, 10);
    expect(price("claude-haiku-4-5", M, M)).toBeCloseTo(1 + 5, 10);
    expect(price("gpt-5", M, M)).toBeCloseTo(1.25 + 10, 10);
    expect(price("gpt-5-mini", M, M)).toBeCloseTo(0.25 + 2, 10);
    expect(price("gpt-4o-2024-08-06", M, M)).toBeCloseTo(2.5 + 10, 10);
    expect(price("gpt-4o-mini", 1000, 100)).toBeCloseTo((1000 * 0.15 + 100 * 0.6) / M, 12);
  });

  it("price a long Claude Sonnet 4.5 request at its tier", () => {
    expect(priceCall("claude-sonnet-4-5", null, 100_000, 0, noOverrides)!.costUsd).toBeCloseTo(0.3, 10);
    expect(priceCall("claude-sonnet-4-5", null, 300_000, 0, noOverrides)!.costUsd).toBeCloseTo(1.8, 10);
  });

  it("never invent a price: unknown is null, a server on this machine is free", () => {
    expect(priceCall("my-private-model", "https://llm.internal.example/v1", 10, 10, noOverrides)).toBeNull();
    expect(costUsd("gpt-4o", "http://127.0.0.1:11434/v1", 1000, 1000)).toBe(0);
    expect(costUsd("gpt-4o", null, null, 5)).toBeNull();
  });

  it("say where a price came from and its date", () => {
    expect(priceNote("gpt-5", null)).toBe(`@pydantic/genai-prices ${PRICE_CATALOG.version}, prices as of ${PRICE_CATALOG.asOf}`);
    // The date belongs to the pinned release: upgrading the package means checking and updating it.
    const installed = JSON.parse(readFileSync("node_modules/@pydantic/genai-prices/package.json", "utf8")) as { version: string };
    const declared = (JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> }).dependencies[
      "@pydantic/genai-prices"
    ];
    expect([installed.version, declared]).toEqual([PRICE_CATALOG.version, PRICE_CATALOG.version]);
  });

  it("let a team's own dated table win over the catalog, and name what is wrong with it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "gavel-prices-"));
    const file = path.join(dir, "prices.json");
    writeFileSync(
      file,
      JSON.stringify({ as_of: "2026-11-30", prices: { "gpt-4o": { input: 2, output: 8 }, "acme-ft-": { input: 1, output: 1 } } }),
    );
    const env = { GAVEL_PRICES: file };
    expect(priceCall("gpt-4o-2024-08-06", null, M, M, env)).toEqual({
      costUsd: 10,
      source: { name: `GAVEL_PRICES (${file})`, asOf: "2026-11-30", model: "gpt-4o" },
    });
    expect(priceCall("acme-ft-support-v3", null, M, 0, env)!.costUsd).toBe(1);
    // Models the table does not name still come from the catalog.
    expect(priceCall("gpt-5", null, M, 0, env)!.source.name).toBe(`@pydantic/genai-prices ${PRICE_CATALOG.version}`);
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ as_of: "last week", prices: { x: { input: -1, output: 1 } } }));
    expect(() => priceCall("x", null, 1, 1, { GAVEL_PRICES: bad })).toThrow(
      /GAVEL_PRICES .*bad\.json: as_of: .*; prices\.x\.input: a price cannot be negative/,
    );
  });
});
