import type { Agent } from "../../trial/types";
import { AgentSpecError } from "./errors";
import type { RateLimits, RequestLimiter } from "./limiter";

type Env = Record<string, string | undefined>;

/**
 * One kind of --agent spec: what it starts with, how help text shows it, how it becomes an adapter and, for the
 * agents Gavel calls over HTTP itself, the endpoint its rate limits are shared under (null: the agent makes its own
 * requests). Adding an agent kind is one entry here plus its adapter and tests; the CLI's help, the unknown-spec
 * message and the rate-limit rules are read from this table.
 */
export interface AgentSpecKind {
  /** The spec starts with one of these (case-sensitive). */
  prefixes: readonly string[];
  /** The spec as help text writes it. */
  help: string;
  /** The adapter, imported when its spec is used (the OpenAI one brings a third of a megabyte of SDK). */
  create(spec: string, rest: string, options: { limiter?: RequestLimiter }): Promise<Agent>;
  /** The endpoint key rate limits are shared under; null when Gavel never sees the agent's requests. */
  limitKey: ((spec: string, rest: string, env: Env) => string) | null;
}

export const AGENT_SPECS: readonly AgentSpecKind[] = [
  {
    prefixes: ["http://", "https://"],
    help: "http(s)://host/path",
    async create(spec, _rest, options) {
      try {
        new URL(spec);
      } catch {
        throw new AgentSpecError(`${spec} is not a valid URL`);
      }
      return (await import("./http")).httpAgent(spec, options.limiter);
    },
    limitKey(spec) {
      const url = new URL(spec);
      return `http:${url.origin}${url.pathname}`;
    },
  },
  {
    prefixes: ["cmd:"],
    help: "cmd:<shell command>",
    async create(spec, rest) {
      const command = rest.trim();
      if (!command) throw new AgentSpecError("cmd: needs a command, e.g. cmd:python agent.py");
      return (await import("./subprocess")).subprocessAgent(spec, command);
    },
    limitKey: null,
  },
  {
    prefixes: ["module:"],
    help: "module:path/to/agent.ts#export",
    create: async (spec, rest) => (await import("./module")).moduleAgent(spec, rest.trim()),
    limitKey: null,
  },
  {
    prefixes: ["openai:"],
    help: "openai:MODEL[?base_url=…]",
    async create(spec, _rest, options) {
      const { openAiAgent, parseOpenAiSpec } = await import("./openai");
      return openAiAgent(spec, parseOpenAiSpec(spec), options.limiter);
    },
    limitKey(_spec, rest, env) {
      const [model = "", query = ""] = rest.split("?", 2);
      const base = (new URLSearchParams(query).get("base_url") ?? env.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, "");
      return `openai:${base}#${model}`;
    },
  },
];

/** "http(s)://host/path, cmd:<shell command>, module:path/to/agent.ts#export, or openai:MODEL[?base_url=…]". */
export const AGENT_SPEC_HELP = `${AGENT_SPECS.slice(0, -1)
  .map((kind) => kind.help)
  .join(", ")}, or ${AGENT_SPECS.at(-1)!.help}`;

/** The entry a spec belongs to and what follows its prefix; null for a spec no entry knows. */
export function agentSpecKind(spec: string): { kind: AgentSpecKind; rest: string } | null {
  for (const kind of AGENT_SPECS) {
    const prefix = kind.prefixes.find((p) => spec.startsWith(p));
    if (prefix !== undefined) return { kind, rest: spec.slice(prefix.length) };
  }
  return null;
}

/**
 * Turns an --agent spec into an adapter; a bad spec is an AgentSpecError (usage error, exit 2) that lists the kinds.
 * A limiter (shared rate limits) wraps each request of the agents Gavel calls over HTTP.
 */
export async function resolveAgent(spec: string, options: { limiter?: RequestLimiter } = {}): Promise<Agent> {
  const value = spec.trim();
  const found = agentSpecKind(value);
  if (!found) throw new AgentSpecError(`unknown agent spec "${spec}": use ${AGENT_SPEC_HELP}`);
  return found.kind.create(value, found.rest, options);
}

/**
 * The endpoint an agent spec calls, as the key its limits are shared under: `http:` + origin and
 * path for an HTTP agent, `openai:` + base URL + model for a model agent. Null for agents whose
 * requests Gavel never sees (cmd:, module:): they make their own calls.
 */
export function rateLimitKey(spec: string, env: Record<string, string | undefined> = process.env): string | null {
  const value = spec.trim();
  const found = agentSpecKind(value);
  return found?.kind.limitKey ? found.kind.limitKey(value, found.rest, env) : null;
}

/** Checks that limits can apply to this agent: a clear usage error otherwise. */
export function checkRateLimitable(spec: string, limits: RateLimits): void {
  if (limits.requestsPerMinute === undefined && limits.concurrentRequests === undefined) return;
  if (rateLimitKey(spec) === null)
    throw new AgentSpecError(
      `rate limits apply to agents Gavel calls over HTTP (${AGENT_SPECS.filter((k) => k.limitKey !== null)
        .map((k) => k.help)
        .join(", ")}); ${spec.split(/[\s#?]/)[0]} makes its own requests, so limit them inside the agent`,
    );
}
