import { describe, expect, it } from "vitest";
import { truncateMiddle } from "./truncate";

describe("truncateMiddle", () => {
  it("leaves a text within the limit alone", () => {
    expect(truncateMiddle("short", 10)).toBe("short");
  });

  it("keeps the beginning and the end, says how many characters it cut, and stays within the limit", () => {
    const text = "A".repeat(5000) + "B".repeat(5000);
    const out = truncateMiddle(text, 1000);
    expect(out.length).toBeLessThanOrEqual(1000);
    expect(out.startsWith("AAAA")).toBe(true);
    expect(out.endsWith("BBBB")).toBe(true);
    const cut = Number(/\[… ([\d,]+) characters cut from the middle by Gavel …\]/.exec(out)![1]!.replace(/,/g, ""));
    expect(out.length - out.match(/\n\[…[^\]]*\]\n/)![0].length + cut).toBe(text.length);
  });
});
