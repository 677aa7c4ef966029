import "server-only";
import { SignInThrottle } from "./throttle";

let throttle: SignInThrottle | null = null;

/** The one throttle of this server process (its counts live in memory). */
export function signInThrottle(): SignInThrottle {
  throttle ??= new SignInThrottle();
  return throttle;
}

/**
 * The client's address for per-address throttling: the last X-Forwarded-For entry, which is the
 * one the nearest reverse proxy appended (or, with no proxy, the socket address Next filled in).
 * Without a reverse proxy a client can send its own X-Forwarded-For; the per-account limit holds
 * regardless (docs/security.md).
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return last || "unknown";
}
