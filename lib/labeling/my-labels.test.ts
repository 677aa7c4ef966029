import { describe, expect, it } from "vitest";
import { consensusOf, editBlocked, type EditContext } from "./my-labels";

const open: EditContext = { inQueue: true, labelRubricVersion: 2, queueRubricVersion: 2, judgeSeen: false, gold: null };

describe("editBlocked", () => {
  it("lets a reviewer change a label that nobody decided on, consensus included", () => {
    expect(editBlocked(open)).toBeNull();
    expect(editBlocked({ ...open, gold: "consensus" })).toBeNull();
  });

  it("closes an item an adjudicator decided or whose gold was imported", () => {
    expect(editBlocked({ ...open, gold: "adjudication" })).toMatch(/adjudicator decided/);
    expect(editBlocked({ ...open, gold: "import" })).toMatch(/imported/);
  });

  it("refuses a label whose judge verdict the reviewer saw, and one under an earlier rubric", () => {
    expect(editBlocked({ ...open, judgeSeen: true })).toMatch(/judge's verdict/);
    expect(editBlocked({ ...open, labelRubricVersion: 1 })).toMatch(/rubric version 1/);
    expect(editBlocked({ ...open, inQueue: false })).toMatch(/not in a queue/);
  });
});

describe("consensusOf", () => {
  it("is the shared value once every reviewer the item needs has labeled", () => {
    expect(consensusOf(["pass", "pass"], 2)).toBe("pass");
    expect(consensusOf(["pass", "fail"], 2)).toBeNull();
    expect(consensusOf(["pass"], 2)).toBeNull();
    expect(consensusOf(["fail"], 1)).toBe("fail");
  });
});
