import { describe, expect, it } from "vitest";
import { ToolCallError, TrialStopped } from "./types";

describe("error brands", () => {
  // A sandbox loaded from the user's TypeScript throws its own copy's ToolCallError at the compiled CLI.
  it("recognises another copy's ToolCallError and TrialStopped by their shared brand", () => {
    const foreign = Object.assign(new Error("unknown order"), { [Symbol.for("gavel.ToolCallError")]: true });
    expect(foreign instanceof ToolCallError).toBe(true);
    expect(foreign instanceof TrialStopped).toBe(false);
    const stopped = Object.assign(new Error("budget"), { [Symbol.for("gavel.TrialStopped")]: true });
    expect(stopped instanceof TrialStopped).toBe(true);
  });

  it("still tells errors apart", () => {
    expect(new ToolCallError("x") instanceof ToolCallError).toBe(true);
    expect(new ToolCallError("x") instanceof Error).toBe(true);
    expect(new Error("x") instanceof ToolCallError).toBe(false);
    expect(new TrialStopped({ kind: "max_steps", message: "m" } as never) instanceof ToolCallError).toBe(false);
  });
});
