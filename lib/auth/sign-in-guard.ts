import "server-only";
import { CLIENT_ADDRESS_HEADER } from "../server/client-address";
import { SignInThrottle } from "./throttle";

let throttle: SignInThrottle | null = null;

/** The one throttle of this server process (its counts live in memory). */
export function signInThrottle(): SignInThrottle {
  throttle ??= new SignInThrottle();
  return throttle;
}

/**
 * The client's address for per-address throttling: what the server `npm start` runs (scripts/serve.ts)
 * worked out from the socket and GAVEL_TRUSTED_PROXIES (lib/server/client-address.ts), overwriting
 * any copy a client sent. Served some other way (`next start`), the last X-Forwarded-For entry, which
 * Next fills with the socket address only when the client sent none (docs/security.md).
 */
export function clientAddress(headers: Headers): string {
  const known = headers.get(CLIENT_ADDRESS_HEADER);
  if (known) return known;
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return last || "unknown";
}
