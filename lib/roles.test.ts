import { describe, expect, it } from "vitest";
import { can, ROLES, SCOPES } from "./roles";

describe("can", () => {
  it("gives viewers read access only", () => {
    const granted = (Object.keys(SCOPES) as (keyof typeof SCOPES)[]).filter((s) => can({ role: "viewer" }, s));
    expect(granted).toEqual(["read"]);
  });

  it("keeps user management and judge approval for admins", () => {
    expect(can({ role: "reviewer" }, "users:manage")).toBe(false);
    expect(can({ role: "reviewer" }, "judges:approve")).toBe(false);
    expect(can({ role: "admin" }, "users:manage")).toBe(true);
  });

  it("lets a flagged adjudicator adjudicate without other admin powers", () => {
    const adjudicator = { role: "reviewer" as const, isAdjudicator: true };
    expect(can(adjudicator, "labels:adjudicate")).toBe(true);
    expect(can(adjudicator, "users:manage")).toBe(false);
  });

  it("grants every scope to admins", () => {
    for (const scope of Object.keys(SCOPES) as (keyof typeof SCOPES)[]) expect(can({ role: "admin" }, scope)).toBe(true);
    expect(ROLES).toContain("admin");
  });
});
