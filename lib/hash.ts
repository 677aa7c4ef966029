import canonicalize from "canonicalize";
import { createHash } from "node:crypto";

/** RFC 8785 canonical JSON: the same value always gives the same text, whatever its key order. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("canonicalJson: the value has no JSON form");
  return text;
}

export function sha256(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** sha256 of the canonical JSON: the identity of suites, tasks, judge versions and imported items. */
export function contentHash(value: unknown): string {
  return sha256(canonicalJson(value));
}
