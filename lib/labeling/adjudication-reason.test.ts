import { describe, expect, it } from "vitest";
import { adjudicationNote } from "./adjudication-reason";

describe("adjudicationNote", () => {
  it("says nothing for a disagreement, flagged or not", () => {
    expect(adjudicationNote({ disagreement: true, openFlags: 0 })).toBeNull();
    expect(adjudicationNote({ disagreement: true, openFlags: 2 })).toBeNull();
  });

  it("names the flag only when there is one", () => {
    expect(adjudicationNote({ disagreement: false, openFlags: 1 })).toBe("no disagreement: here for its flag");
    expect(adjudicationNote({ disagreement: false, openFlags: 2 })).toBe("no disagreement: here for its flags");
  });

  it("says an unflagged item without a disagreement was opened from the item browser", () => {
    const note = adjudicationNote({ disagreement: false, openFlags: 0 });
    expect(note).not.toContain("here for its flag");
    expect(note).toBe("opened from the item browser: no disagreement and no open flag");
  });
});
