import { can, type Principal, type Scope } from "./roles";

/**
 * What a personal API token may be used for, and the role scope its owner needs for each: a token
 * never grants more than its owner's role (checked again on every use, so a demoted owner's token
 * loses the power at once).
 */
export const TOKEN_SCOPES = {
  /** Send runs, their trials and transcripts from CI (`gavel run --server`). */
  "runs:write": { requires: "runs:write", description: "send runs from CI (gavel run --server)" },
  /** POST /api/transcripts/import. */
  "transcripts:import": { requires: "queues:manage", description: "import transcripts (POST /api/transcripts/import)" },
  /**
   * Send live OpenTelemetry traces to POST /v1/traces (an application's OTLP exporter). Routing into
   * label sets is decided by an admin's rules, not by the sender, so a reviewer's role suffices.
   */
  "traces:ingest": { requires: "runs:write", description: "send live OpenTelemetry traces (POST /v1/traces)" },
  /** Read runs and comparisons through the API. */
  read: { requires: "read", description: "read runs and comparisons" },
} as const satisfies Record<string, { requires: Scope; description: string }>;

export type TokenScope = keyof typeof TOKEN_SCOPES;
export const TOKEN_SCOPE_NAMES = Object.keys(TOKEN_SCOPES) as TokenScope[];

export function isTokenScope(value: string): value is TokenScope {
  return Object.hasOwn(TOKEN_SCOPES, value);
}

/** The token scopes a user's role allows them to hold. */
export function grantableScopes(user: Principal): TokenScope[] {
  return TOKEN_SCOPE_NAMES.filter((s) => can(user, TOKEN_SCOPES[s].requires));
}
