/** Audit details read best in this order; other keys follow alphabetically. */
const FIRST = ["email", "role", "from", "to", "reason", "judge", "version", "labelSet", "outcome", "hash"];

/**
 * One line for an audit event's details. Key order is fixed here because PostgreSQL's jsonb does
 * not keep the order the keys were written in.
 */
export function formatAuditDetails(details: unknown): string {
  if (!details || typeof details !== "object" || Array.isArray(details)) return "";
  const rank = (key: string) => (FIRST.includes(key) ? FIRST.indexOf(key) : FIRST.length);
  return Object.entries(details as Record<string, unknown>)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}
