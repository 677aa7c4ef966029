/**
 * Accounts that stand for a public data set's raters (HANNA's three annotators, say: lib/db/import-datasets.ts
 * creates them with no password, under the reserved `.invalid` top-level domain, RFC 2606). Nobody can sign in
 * as one, so the Users page lists them apart, as imported raters, with no role to change and nothing to disable.
 */
export function isImportedRater(user: { email: string }): boolean {
  return user.email.toLowerCase().endsWith(".invalid");
}

/** The data set an imported rater came from, from its email's domain: "hanna-rater-1@hanna.invalid" → "hanna". */
export function raterDataset(user: { email: string }): string {
  const domain = user.email.split("@")[1] ?? "";
  return domain.replace(/\.invalid$/i, "") || "unknown";
}

/** People who can sign in, and the imported raters, each in the order given. */
export function splitImportedRaters<T extends { email: string }>(users: readonly T[]): { people: T[]; raters: T[] } {
  return { people: users.filter((u) => !isImportedRater(u)), raters: users.filter(isImportedRater) };
}
