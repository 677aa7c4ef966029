import "server-only";
import path from "node:path";
import { createAnthropicProvider, ANTHROPIC_DEFAULT_BASE_URL } from "../providers/anthropic";
import {
  chainCassettes,
  fileCassette,
  folderCassettes,
  readRecordedAnswer,
  recordingProvider,
  replayProvider,
  type CassetteStore,
} from "../providers/cassette";
import type { FetchLike } from "../providers/sdk";
import { createOpenAiProvider, OPENAI_DEFAULT_BASE_URL } from "../providers/openai-compatible";
import { providerList, type JudgeProvider } from "../providers/registry";
import { ProviderError, isLocalUrl, type ModelProvider } from "../providers/types";
import { recordedResponses } from "../db/verdicts";
import { readParams, type JudgeVersionLike } from "../judges/request";

type EnvSource = Record<string, string | undefined>;

export interface ProviderSetup {
  /** Where keys and default endpoints are read, at call time. */
  env?: EnvSource;
  /** Record every live answer to this cassette file. */
  recordTo?: string | null;
  /** Extra cassette files a replay judge may answer from (searched first). */
  cassetteFiles?: string[];
  fetch?: FetchLike;
}

/** Committed cassettes live in ./cassettes (personal recordings in ./cassettes/local, git-ignored). */
export function cassetteDir(env: EnvSource = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.GAVEL_CASSETTE_DIR?.trim() || "cassettes");
}

/** Replays what any judge version with the same request already answered, as stored in the database. */
export const databaseCassette: CassetteStore = {
  async get(hash) {
    for (const raw of await recordedResponses(hash)) {
      const answer = readRecordedAnswer(raw);
      if (answer) return { requestHash: hash, provider: "database", request: null, response: { ...answer, raw }, recordedAt: "" };
    }
    return undefined;
  },
  async put() {
    throw new Error("Verdicts are stored by the judge run itself.");
  },
};

/**
 * The key for a call, or undefined. A key from the environment goes only to the endpoint the
 * operator configured (OPENAI_BASE_URL / ANTHROPIC_BASE_URL, or the public API): a version whose
 * base URL points elsewhere (set by whoever created it) never receives it, so a judge spec cannot
 * be used to send the server's key to another host.
 */
export function keyFor(baseUrl: string, configuredBaseUrl: string, key: string | undefined): string | undefined {
  const trimmed = key?.trim();
  if (!trimmed) return undefined;
  return origin(baseUrl) === origin(configuredBaseUrl) ? trimmed : undefined;
}

/**
 * Which key a version's calls carry, read at call time, and why a call without one is refused (null:
 * call keyless). Three cases:
 *  - the version names its own variable (params.apiKeyEnv, e.g. GROQ_API_KEY): that key, sent to the
 *    version's base URL (an allowed host); unset, the call is skipped naming the variable;
 *  - the version calls the configured endpoint (OPENAI_BASE_URL / ANTHROPIC_BASE_URL or the public
 *    API): the global key (OPENAI_API_KEY / ANTHROPIC_API_KEY), which goes nowhere else;
 *  - any other allowed host (an Ollama or vLLM box, a compose service): keyless, unless it is the
 *    public API, which never answers without a key.
 */
export function keyPlan(input: {
  baseUrl: string;
  configured: string;
  publicUrl: string;
  globalVar: string;
  apiKeyEnv: string | null;
  env: EnvSource;
}): { apiKey: () => string | undefined; missingKey: string | null } {
  const { baseUrl, configured, publicUrl, globalVar, apiKeyEnv, env } = input;
  if (apiKeyEnv && apiKeyEnv !== globalVar) {
    return {
      apiKey: () => env[apiKeyEnv]?.trim() || undefined,
      missingKey: `no API key for ${baseUrl}: ${apiKeyEnv} (named by this judge version) is not set in the server's environment`,
    };
  }
  if (origin(baseUrl) === origin(configured)) {
    return {
      apiKey: () => keyFor(baseUrl, configured, env[globalVar]),
      missingKey: isLocalUrl(baseUrl) ? null : `no API key for ${baseUrl}: ${globalVar} is not set in the server's environment`,
    };
  }
  const publicApi = origin(baseUrl) === origin(publicUrl);
  return {
    apiKey: () => undefined,
    missingKey: publicApi
      ? `no API key for ${baseUrl}: ${globalVar} goes only to ${configured} (the configured endpoint); name a variable for this version's key (apiKeyEnv)`
      : null,
  };
}

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Hosts a judge version may call. Whoever creates a version sets its base URL, and the server makes
 * the request, so an open list would let a reviewer point the server at any internal address.
 * Allowed: this machine, the public OpenAI and Anthropic APIs, the configured OPENAI_BASE_URL /
 * ANTHROPIC_BASE_URL, and the hosts (host or host:port) listed in GAVEL_JUDGE_HOSTS, comma-separated.
 */
export function allowedJudgeHosts(env: EnvSource = process.env): Set<string> {
  const hosts = new Set(["127.0.0.1", "localhost", "[::1]"]);
  for (const url of [OPENAI_DEFAULT_BASE_URL, ANTHROPIC_DEFAULT_BASE_URL, env.OPENAI_BASE_URL, env.ANTHROPIC_BASE_URL]) {
    const parsed = parseUrl(url);
    if (parsed) hosts.add(parsed.host);
  }
  for (const entry of (env.GAVEL_JUDGE_HOSTS ?? "").split(",")) if (entry.trim()) hosts.add(entry.trim().toLowerCase());
  return hosts;
}

export function judgeHostAllowed(baseUrl: string, env: EnvSource = process.env): boolean {
  const parsed = parseUrl(baseUrl);
  if (!parsed || !["http:", "https:"].includes(parsed.protocol)) return false;
  const allowed = allowedJudgeHosts(env);
  return allowed.has(parsed.host) || allowed.has(parsed.hostname);
}

function parseUrl(url: string | undefined): URL | null {
  if (!url?.trim()) return null;
  try {
    return new URL(url.trim());
  } catch {
    return null;
  }
}

/** A provider that refuses every call: the version's base URL is not on the allowed list. */
function refusingProvider(baseUrl: string): ModelProvider {
  return {
    name: "refused",
    async complete() {
      throw new ProviderError("host_not_allowed", `${baseUrl} is not an allowed judge host: add it to GAVEL_JUDGE_HOSTS to call it.`);
    },
  };
}

/** What a provider's builder is given: the version's endpoint and key variable, the setup, the environment. */
export interface ProviderBuild {
  baseUrl: string | null;
  apiKeyEnv: string | null;
  setup: ProviderSetup;
  env: EnvSource;
}

/**
 * A live provider behind Gavel's host and key rules: the version's base URL (or the configured one, or the public
 * endpoint) must be an allowed host, and its key follows keyPlan.
 */
function live(
  create: (options: Parameters<typeof createOpenAiProvider>[0]) => ModelProvider,
  endpoint: { baseUrlVar: string; publicUrl: string; globalVar: string },
) {
  return ({ baseUrl: versionUrl, apiKeyEnv, setup, env }: ProviderBuild): ModelProvider => {
    const configured = env[endpoint.baseUrlVar]?.trim() || endpoint.publicUrl;
    const baseUrl = versionUrl ?? configured;
    if (!judgeHostAllowed(baseUrl, env)) return refusingProvider(baseUrl);
    const provider = create({
      baseUrl,
      ...keyPlan({ baseUrl, configured, publicUrl: endpoint.publicUrl, globalVar: endpoint.globalVar, apiKeyEnv, env }),
      fetch: setup.fetch,
    });
    return setup.recordTo ? recordingProvider(provider, fileCassette(setup.recordTo)) : provider;
  };
}

/**
 * How each provider of the registry (lib/providers/registry.ts) is built: one `{create}` entry per name, typed
 * `satisfies Record<JudgeProvider, …>` so a name without a builder does not compile. Server-side, beside the use cases,
 * because replay reads the database and the live ones bring the SDKs the judge form's browser bundle must not carry.
 */
export const JUDGE_PROVIDER_BUILDERS = {
  openai: {
    create: live(createOpenAiProvider, { baseUrlVar: "OPENAI_BASE_URL", publicUrl: OPENAI_DEFAULT_BASE_URL, globalVar: "OPENAI_API_KEY" }),
  },
  anthropic: {
    create: live(createAnthropicProvider, {
      baseUrlVar: "ANTHROPIC_BASE_URL",
      publicUrl: ANTHROPIC_DEFAULT_BASE_URL,
      globalVar: "ANTHROPIC_API_KEY",
    }),
  },
  replay: {
    // Recorded answers only: the cassettes given, the committed folder, then what the database already holds.
    create: ({ setup, env }: ProviderBuild): ModelProvider => {
      const files = (setup.cassetteFiles ?? []).map((file) => fileCassette(file));
      return replayProvider(chainCassettes(...files, folderCassettes(cassetteDir(env)), databaseCassette));
    },
  },
} satisfies Record<JudgeProvider, { create(build: ProviderBuild): ModelProvider }>;

/**
 * The provider a judge version calls. Keys come from the environment when the call is made, never
 * from the database; a version without a base URL uses OPENAI_BASE_URL / ANTHROPIC_BASE_URL or the
 * public endpoint. A replay version answers from cassettes, then from recorded verdicts.
 */
export function providerForVersion(
  version: Pick<JudgeVersionLike, "provider" | "baseUrl"> & { params?: unknown },
  setup: ProviderSetup = {},
): ModelProvider {
  if (!Object.hasOwn(JUDGE_PROVIDER_BUILDERS, version.provider))
    throw new Error(`Unknown judge provider "${version.provider}": use ${providerList()}.`);
  return JUDGE_PROVIDER_BUILDERS[version.provider as JudgeProvider].create({
    baseUrl: version.baseUrl,
    apiKeyEnv: readParams(version.params).apiKeyEnv,
    setup,
    env: setup.env ?? process.env,
  });
}
