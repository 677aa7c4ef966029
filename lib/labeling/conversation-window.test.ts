import { describe, expect, it } from "vitest";
import { conversationWindow, MIDDLE_STEP } from "./conversation-window";

describe("conversationWindow", () => {
  it("shows a short conversation whole", () => {
    expect(conversationWindow(0)).toEqual({ head: 0, tail: 0, hidden: 0 });
    expect(conversationWindow(5)).toEqual({ head: 5, tail: 5, hidden: 0 });
    // Folding one or two messages away is not worth a button.
    expect(conversationWindow(8)).toEqual({ head: 8, tail: 8, hidden: 0 });
  });

  it("keeps the first and the last three of a long one and folds the middle", () => {
    expect(conversationWindow(9)).toEqual({ head: 3, tail: 6, hidden: 3 });
    expect(conversationWindow(60)).toEqual({ head: 3, tail: 57, hidden: 54 });
  });

  it("reveals the middle in steps after the head until nothing is folded", () => {
    expect(conversationWindow(500, MIDDLE_STEP)).toEqual({ head: 103, tail: 497, hidden: 394 });
    expect(conversationWindow(60, MIDDLE_STEP)).toEqual({ head: 60, tail: 60, hidden: 0 });
    expect(conversationWindow(60, 52)).toEqual({ head: 60, tail: 60, hidden: 0 });
  });
});
