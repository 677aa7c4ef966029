/**
 * The providers a judge version may name: the one list the version schema, the judge form and
 * lib/judging/providers.ts (which builds each one; its test calls it for every name here) read.
 * `recorded`: its answers come from recordings, never a live call (no base URL, no canary, earlier
 * verdicts are kept).
 */
export const JUDGE_PROVIDERS = {
  openai: { label: "openai (OpenAI-compatible chat completions)", hint: "any OpenAI-compatible server", recorded: false },
  anthropic: { label: "anthropic (Messages API)", hint: null, recorded: false },
  replay: { label: "replay (recorded answers only)", hint: null, recorded: true },
} as const satisfies Record<string, { label: string; hint: string | null; recorded: boolean }>;

export type JudgeProvider = keyof typeof JUDGE_PROVIDERS;

export const JUDGE_PROVIDER_NAMES = Object.keys(JUDGE_PROVIDERS) as [JudgeProvider, ...JudgeProvider[]];

/** "openai, anthropic or replay"; with hints: "openai (any OpenAI-compatible server), anthropic or replay". */
export function providerList(withHints = false): string {
  const names = JUDGE_PROVIDER_NAMES.map((name) =>
    withHints && JUDGE_PROVIDERS[name].hint ? `${name} (${JUDGE_PROVIDERS[name].hint})` : name,
  );
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** A provider that answers from recordings only (replay). False for a name not in the registry. */
export function isRecordedProvider(name: string): boolean {
  return Object.hasOwn(JUDGE_PROVIDERS, name) && JUDGE_PROVIDERS[name as JudgeProvider].recorded;
}
