import { describe, expect, it } from "vitest";
import { commonFingerprint, responseFingerprint } from "./fingerprint";

describe("responseFingerprint", () => {
  it("prefers system_fingerprint, falls back to the model id the response names", () => {
    expect(responseFingerprint(JSON.stringify({ model: "gpt-4o", system_fingerprint: "fp_44709d6fcb" }))).toBe("fp_44709d6fcb");
    expect(responseFingerprint(JSON.stringify({ model: "claude-3-5-sonnet-20241022", type: "message" }))).toBe(
      "model:claude-3-5-sonnet-20241022",
    );
  });

  it("is null for a body that says nothing about its model, or is not JSON", () => {
    expect(responseFingerprint(JSON.stringify({ choices: [] }))).toBeNull();
    expect(responseFingerprint("PASS: fine")).toBeNull();
    expect(responseFingerprint(null)).toBeNull();
    expect(responseFingerprint(JSON.stringify(["fp"]))).toBeNull();
  });
});

describe("commonFingerprint", () => {
  it("takes the one most answers carried", () => {
    const a = JSON.stringify({ system_fingerprint: "fp_a" });
    const b = JSON.stringify({ system_fingerprint: "fp_b" });
    expect(commonFingerprint([a, b, b, null, "x"])).toBe("fp_b");
    expect(commonFingerprint([null, "PASS"])).toBeNull();
  });
});
