import { describe, expect, it } from "vitest";
import { clientAddressOf, trustedProxies } from "./client-address";

describe("clientAddressOf", () => {
  it("is the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("203.0.113.9", "198.51.100.1, 10.0.0.1", trustedProxies(undefined))).toBe("203.0.113.9");
    expect(clientAddressOf("::ffff:127.0.0.1", "1.2.3.4", trustedProxies(""))).toBe("127.0.0.1");
  });

  it("walks X-Forwarded-For from the right past trusted proxies only", () => {
    const trusted = trustedProxies("10.0.0.0/8, 192.0.2.7");
    // A client-set first entry is ignored: the proxy appended the real client after it.
    expect(clientAddressOf("10.0.0.1", "1.1.1.1, 203.0.113.5", trusted)).toBe("203.0.113.5");
    expect(clientAddressOf("10.0.0.1", "1.1.1.1, 203.0.113.5, 192.0.2.7", trusted)).toBe("203.0.113.5");
    // Every hop trusted: the leftmost is the best known.
    expect(clientAddressOf("10.0.0.1", "10.0.0.2", trusted)).toBe("10.0.0.2");
    // A direct client that is not a trusted proxy cannot speak for anyone.
    expect(clientAddressOf("203.0.113.8", "1.1.1.1", trusted)).toBe("203.0.113.8");
  });

  it("stops at an entry that is not an address", () => {
    expect(clientAddressOf("10.0.0.1", "1.1.1.1, garbage", trustedProxies("10.0.0.0/8"))).toBe("10.0.0.1");
  });

  it("handles IPv6 proxies and refuses a malformed setting", () => {
    expect(clientAddressOf("fd00::1", "2001:db8::5", trustedProxies("fd00::/8"))).toBe("2001:db8::5");
    expect(() => trustedProxies("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
    expect(() => trustedProxies("proxy.local")).toThrow(/not an IP address/);
  });
});
