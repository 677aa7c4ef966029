import { existsSync } from "node:fs";
import path from "node:path";
import type { Agent, AgentEnv, AgentInput, AgentResult } from "../../trial/types";
import { AgentSpecError } from "./errors";
import { importUserModule } from "../../trial/user-module";

/**
 * `module:path/to/agent.ts#exportName`: a function `(input, env) => string | AgentResult` (or an
 * object with such a `run`) in this process. It reaches sandbox tools through `env.callTool`, so the
 * runner enforces the same rules as for any other adapter.
 */
export type ModuleAgentFunction = (input: AgentInput, env: AgentEnv) => string | AgentResult | Promise<string | AgentResult>;

export async function moduleAgent(spec: string, ref: string): Promise<Agent> {
  const [file, exportName = "default"] = ref.split("#") as [string, string?];
  const abs = path.resolve(file);
  if (!file || !existsSync(abs)) throw new AgentSpecError(`${spec}: no module at ${file || "(empty path)"}`);
  let mod: Record<string, unknown>;
  try {
    mod = await importUserModule(abs);
  } catch (error) {
    throw new AgentSpecError(`${spec}: could not load ${file}: ${(error as Error).message}`);
  }
  const found = mod[exportName] as ModuleAgentFunction | { run?: ModuleAgentFunction } | undefined;
  const fn = typeof found === "function" ? found : typeof found?.run === "function" ? found.run.bind(found) : undefined;
  if (!fn) throw new AgentSpecError(`${spec}: ${file} exports no agent function "${exportName}"`);
  return {
    spec,
    async run(input, env) {
      const result = await fn(input, env);
      return typeof result === "string" ? { output: result } : result;
    },
  };
}
