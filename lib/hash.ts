import canonicalize from "canonicalize";
import { createHash } from "node:crypto";

/**
 * The one home of hashing and canonical JSON. Two canonical forms, because two kinds of input:
 *  - canonicalJson / contentHash: RFC 8785 (the `canonicalize` package). Throws on values with no
 *    JSON form (NaN, Infinity, lone surrogates). The identity of judge versions, label sets,
 *    cassette requests and imported transcripts.
 *  - sortedJson / sortedJsonHash: keys sorted, undefined fields dropped, everything else as
 *    JSON.stringify writes it (NaN becomes null, a lone surrogate is escaped, an object is its own
 *    enumerable fields, so a Date is {}). Never throws: it keys an agent's tool arguments, which may
 *    hold anything, and it is the identity of suites and tasks already stored.
 * For plain JSON values (what JSON.parse or YAML 1.2 give) the two write the same text (hash.test.ts).
 */

/** RFC 8785 canonical JSON: the same value always gives the same text, whatever its key order. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("canonicalJson: the value has no JSON form");
  return text;
}

export function sha256(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** sha256 of the RFC 8785 canonical JSON: the identity of judge versions and imported items. */
export function contentHash(value: unknown): string {
  return sha256(canonicalJson(value));
}

/**
 * Keys sorted, no whitespace, undefined fields dropped. Two definitions that mean the same (YAML or
 * JSON, any key order, any comments) give the same text.
 */
export function sortedJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

/** sha256 of sortedJson: the identity of suites (SuiteVersion) and tasks (contract_hash). */
export function sortedJsonHash(value: unknown): string {
  return sha256(sortedJson(value));
}
