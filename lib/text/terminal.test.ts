import { describe, expect, it } from "vitest";
import { createLogger } from "../cli/logger";
import { terminalSafe } from "./terminal";

describe("terminalSafe", () => {
  it("escapes ESC, OSC and BEL but keeps newlines and tabs", () => {
    expect(terminalSafe("line 2: \u001b]0;owned\u0007: Unrecognized key\n\tnext")).toBe(
      "line 2: \\u001b]0;owned\\u0007: Unrecognized key\n\tnext",
    );
    expect(terminalSafe("\u009b2J\r")).toBe("\\u009b2J\\u000d");
  });

  it("the CLI logger writes nothing raw", () => {
    let err = "";
    let out = "";
    const logger = createLogger({
      stdout: { write: (s: string) => ((out += s), true) } as never,
      stderr: { write: (s: string) => ((err += s), true) } as never,
    });
    logger.error("bad key \u001b[2J");
    logger.out("name \u001b[31mred");
    expect(err).toBe("error: bad key \\u001b[2J\n");
    expect(out).toBe("name \\u001b[31mred\n");
  });
});
