import { Ajv, type ValidateFunction } from "ajv";
import { ToolCallError, type ToolSpec } from "./types";

/** One tool of a sandbox: what the agent is told about it, and what it does to the trial's state. */
export interface SandboxTool<S> {
  description: string;
  /** JSON Schema of the arguments; the runner checks calls against it before the tool runs. */
  parameters: Record<string, unknown>;
  /** Throw ToolCallError for an error the agent should see (unknown order, bad amount). */
  run(state: S, args: Record<string, unknown>): unknown;
}

/**
 * An in-process world for agent tasks. `seed` builds a fresh state from the task's `seed` (it is
 * called once per trial, so no trial sees another's changes) and throws on a malformed seed, which
 * fails validation of the suite.
 */
export interface SandboxDefinition<S = unknown> {
  name: string;
  description?: string;
  seed(seed: unknown): S;
  tools: Record<string, SandboxTool<S>>;
}

export function defineSandbox<S>(definition: SandboxDefinition<S>): SandboxDefinition<S> {
  return definition;
}

// Made on the first tool call, not at import: building Ajv (its meta-schemas) costs tens of ms of
// every command's start-up, and most suites have no sandbox.
let ajvInstance: Ajv | undefined;
const ajv = () => (ajvInstance ??= new Ajv({ allErrors: true, strict: false }));
const validators = new WeakMap<object, ValidateFunction>();

function validatorFor(tool: SandboxTool<unknown>): ValidateFunction {
  let validate = validators.get(tool);
  if (!validate) {
    validate = ajv().compile(tool.parameters);
    validators.set(tool, validate);
  }
  return validate;
}

/** One trial's sandbox: a fresh state and the tools that act on it. */
export class Sandbox<S = unknown> {
  readonly initialState: S;
  private readonly state: S;

  constructor(
    readonly definition: SandboxDefinition<S>,
    seed: unknown,
  ) {
    this.state = definition.seed(structuredClone(seed ?? null));
    this.initialState = structuredClone(this.state);
  }

  has(tool: string): boolean {
    return Object.hasOwn(this.definition.tools, tool);
  }

  /** The tools offered to the agent: every tool, or only the allowed ones. */
  toolSpecs(allowed: readonly string[] | null): ToolSpec[] {
    return Object.entries(this.definition.tools)
      .filter(([name]) => !allowed || allowed.includes(name))
      .map(([name, tool]) => ({ name, description: tool.description, parameters: tool.parameters }));
  }

  /** Runs a tool. Arguments are checked against its schema first: a bad call never touches the state. */
  async call(name: string, args: unknown): Promise<unknown> {
    const tool = this.definition.tools[name];
    if (!tool) throw new ToolCallError(`unknown tool ${name}`);
    const copy = structuredClone(args ?? {}) as Record<string, unknown>;
    const validate = validatorFor(tool as SandboxTool<unknown>);
    if (!validate(copy))
      throw new ToolCallError(`invalid arguments for ${name}: ${ajv().errorsText(validate.errors, { dataVar: "args" })}`);
    try {
      // The result is copied so later changes to the state never rewrite a recorded step.
      return structuredClone(await tool.run(this.state, copy));
    } catch (error) {
      if (error instanceof ToolCallError) throw error;
      throw new ToolCallError(`${name} failed: ${(error as Error).message}`);
    }
  }

  snapshot(): S {
    return structuredClone(this.state);
  }
}
