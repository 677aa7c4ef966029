import { BlockList, isIP } from "node:net";

/**
 * The address a request came from, for per-address limits. Only the socket address is known to be
 * true; X-Forwarded-For is believed only hop by hop from proxies the operator named in
 * GAVEL_TRUSTED_PROXIES (addresses or CIDR ranges, comma-separated; default none). Walking the
 * header from the right, each entry a trusted proxy appended is skipped; the first address not a
 * trusted proxy is the client. Without trusted proxies a client-set header changes nothing.
 */
export interface TrustedProxies {
  has(address: string): boolean;
}

const NONE: TrustedProxies = { has: () => false };

const bare = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");

export function trustedProxies(spec: string | undefined): TrustedProxies {
  const entries = (spec ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) return NONE;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/");
    const family = isIP(address ?? "");
    if (!family) throw new Error(`GAVEL_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range.`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address!, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new Error(`GAVEL_TRUSTED_PROXIES: "${entry}" has no valid prefix length.`);
      list.addSubnet(address!, prefix, type);
    }
  }
  return {
    has(raw) {
      const address = bare(raw);
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
    },
  };
}

export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  let client = bare(socketAddress ?? "") || "unknown";
  if (!trusted.has(client)) return client;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "")).split(",").map(bare).filter(Boolean);
  while (hops.length && trusted.has(client)) {
    const next = hops.pop()!;
    if (!isIP(next)) return client;
    client = next;
  }
  return client;
}

/** The header serve.ts sets on every request (any client-sent copy is overwritten). */
export const CLIENT_ADDRESS_HEADER = "x-gavel-client-address";
