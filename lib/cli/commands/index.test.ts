import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { COMMANDS, commandsFor } from "./index";

describe("commandsFor", () => {
  it("loads only the subcommand a command line runs", () => {
    expect(commandsFor(["run", "datasets/smoke", "--agent", "x"])).toEqual(["run"]);
    expect(commandsFor(["import", "llmbar", "dir"])).toEqual(["import"]);
  });

  it("loads none for --version and all for help, no command or an unknown one", () => {
    expect(commandsFor(["--version"])).toEqual([]);
    expect(commandsFor(["-V"])).toEqual([]);
    const all = Object.keys(COMMANDS);
    expect(commandsFor([])).toEqual(all);
    expect(commandsFor(["--help"])).toEqual(all);
    expect(commandsFor(["rnu"])).toEqual(all);
  });

  // Loading every command compiles most of the CLI: room for a loaded machine (load 14 took 4.5 s here).
  it("registers each command under its own name", { timeout: 30_000 }, async () => {
    for (const [name, load] of Object.entries(COMMANDS)) {
      const program = new Command();
      for (const register of await load()) register(program, { logger: createLogger() });
      expect(program.commands.map((c) => c.name())).toContain(name);
    }
  });
});
