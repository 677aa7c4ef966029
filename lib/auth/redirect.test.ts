import { describe, expect, it } from "vitest";
import { safeLocalPath, safeRedirect } from "./redirect";

describe("safeLocalPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeLocalPath("/runs/abc?x=1#t")).toBe("/runs/abc?x=1#t");
  });

  it("falls back for other origins, repeated values and malformed text instead of throwing", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      ["/a", "/b"],
      undefined,
      "/a\u0000b",
      "runs",
      "/".repeat(3000),
    ])
      expect(safeLocalPath(bad), JSON.stringify(bad)).toBe("/runs");
  });
});

describe("safeRedirect", () => {
  const base = "http://127.0.0.1:3000";
  it("allows local paths and same-origin URLs", () => {
    expect(safeRedirect("/label", base)).toBe(`${base}/label`);
    expect(safeRedirect(`${base}/judges`, base)).toBe(`${base}/judges`);
  });

  it("sends anything else to the root, malformed URLs included", () => {
    expect(safeRedirect("https://evil.example/", base)).toBe(base);
    expect(safeRedirect("http://[", base)).toBe(base);
    expect(safeRedirect("//evil.example", base)).toBe(base);
    expect(safeRedirect("/\\evil.example", base)).toBe(base);
  });
});
