import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks signing (standardwebhooks.com): the secret is `whsec_` + a base64 key; the
 * signature is base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)), sent as
 * `webhook-signature: v1,<signature>` beside `webhook-id` and `webhook-timestamp` (Unix seconds).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

function key(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
}

export function signatureOf(secret: string, id: string, timestampS: number, body: string): string {
  return `v1,${createHmac("sha256", key(secret)).update(`${id}.${timestampS}.${body}`).digest("base64")}`;
}

export function webhookHeaders(secret: string, id: string, timestampS: number, body: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "Gavel-Webhooks",
    "webhook-id": id,
    "webhook-timestamp": String(timestampS),
    "webhook-signature": signatureOf(secret, id, timestampS, body),
  };
}

/** A receiver's check (the tests use the standardwebhooks package as the independent one). */
export function verifySignature(secret: string, headers: Record<string, string>, body: string): boolean {
  const expected = Buffer.from(signatureOf(secret, headers["webhook-id"]!, Number(headers["webhook-timestamp"]), body));
  return (headers["webhook-signature"] ?? "").split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
