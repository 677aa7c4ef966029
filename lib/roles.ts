/**
 * Who may do what. Pages, server actions and route handlers ask for a scope, never a role,
 * so a rule lives in one place.
 */
export const ROLES = ["admin", "reviewer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const SCOPES = {
  /** See runs, suites, judges, labels and agreement. */
  read: ["admin", "reviewer", "viewer"],
  /** Label transcripts. */
  "labels:write": ["admin", "reviewer"],
  /** Start runs, import transcripts and suites. */
  "runs:write": ["admin", "reviewer"],
  /** Create judge versions and calibrate them. */
  "judges:write": ["admin", "reviewer"],
  /** Approve a judge version so it may gate. */
  "judges:approve": ["admin"],
  /** Create and configure label queues. */
  "queues:manage": ["admin"],
  /** Decide gold labels where reviewers disagree (admins, and users flagged as adjudicators). */
  "labels:adjudicate": ["admin"],
  /** Create users and change roles. */
  "users:manage": ["admin"],
  /** Gate policy and other project settings. */
  "settings:manage": ["admin"],
  /** Read the whole audit log (the Audit page, GET /api/audit). */
  "audit:read": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Scope = keyof typeof SCOPES;

export interface Principal {
  role: Role;
  isAdjudicator?: boolean;
}

export function can(user: Principal, scope: Scope): boolean {
  if (scope === "labels:adjudicate" && user.isAdjudicator) return true;
  return (SCOPES[scope] as readonly Role[]).includes(user.role);
}
