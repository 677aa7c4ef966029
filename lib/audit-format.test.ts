import { describe, expect, it } from "vitest";
import { formatAuditDetails } from "./audit-format";

describe("formatAuditDetails", () => {
  it("orders keys the same way whatever order the database returns them in", () => {
    const expected = "email: a@b.c · from: viewer · to: reviewer";
    expect(formatAuditDetails({ to: "reviewer", from: "viewer", email: "a@b.c" })).toBe(expected);
    expect(formatAuditDetails({ email: "a@b.c", from: "viewer", to: "reviewer" })).toBe(expected);
  });

  it("puts unknown keys after the known ones, alphabetically, and shows non-strings as JSON", () => {
    expect(formatAuditDetails({ zeta: 1, alpha: [1], email: "x" })).toBe("email: x · alpha: [1] · zeta: 1");
  });

  it("is empty for missing details", () => {
    expect(formatAuditDetails(null)).toBe("");
    expect(formatAuditDetails([1, 2])).toBe("");
  });
});
