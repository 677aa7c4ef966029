import { describe, expect, it } from "vitest";
import { parseItemBrowserQuery } from "./item-browser";

describe("parseItemBrowserQuery", () => {
  it("reads every filter, blank ones as absent", () => {
    const parsed = parseItemBrowserQuery({ q: " refund ", status: "stranded", split: "", flagged: "1", after: "0a1f.item-1" });
    expect(parsed).toEqual({ ok: true, query: { q: "refund", status: "stranded", flagged: "1", after: "0a1f.item-1" } });
  });
  it("names a bad status, a damaged cursor and an unknown parameter instead of throwing", () => {
    const parsed = parseItemBrowserQuery({ status: "done", after: "x'; DROP", colour: "red" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.join("\n")).toMatch(/status: Status is one of needs-labels/);
    expect(parsed.errors.join("\n")).toMatch(/after: That page link is damaged/);
    expect(parsed.errors.join("\n")).toMatch(/Unknown filter: colour/);
  });
  it("refuses after and before together", () => {
    expect(parseItemBrowserQuery({ after: "0a.b", before: "0c.d" }).ok).toBe(false);
  });
  it("takes the first of a repeated parameter", () => {
    expect(parseItemBrowserQuery({ split: ["test", "dev"] })).toEqual({ ok: true, query: { split: "test" } });
  });
});
