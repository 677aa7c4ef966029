import { describe, expect, it } from "vitest";
import { hannaRaterEmail } from "../real-data/hanna-plan";
import { isImportedRater, raterDataset, splitImportedRaters } from "./imported-raters";

describe("imported raters", () => {
  it("recognises the accounts a data set import makes for its raters", () => {
    expect(isImportedRater({ email: hannaRaterEmail(1) })).toBe(true);
    expect(raterDataset({ email: hannaRaterEmail(3) })).toBe("hanna");
  });

  it("never takes a person's account for one", () => {
    for (const email of ["admin@gavel.local", "ana@example.com", "invalid@example.com", "x@invalid.example.org"])
      expect(isImportedRater({ email }), email).toBe(false);
  });

  it("splits a user list into people and raters, keeping the order", () => {
    const users = [{ email: "a@x.dev" }, { email: hannaRaterEmail(2) }, { email: "b@x.dev" }, { email: hannaRaterEmail(1) }];
    expect(splitImportedRaters(users)).toEqual({
      people: [{ email: "a@x.dev" }, { email: "b@x.dev" }],
      raters: [{ email: hannaRaterEmail(2) }, { email: hannaRaterEmail(1) }],
    });
  });
});
