import type { Agent as UndiciAgent } from "undici";

export interface PostResult {
  status: number;
  text: string;
  /** A response header (lower-case name), or null. */
  header(name: string): string | null;
}

/**
 * The agents' keep-alive pool: undici's dispatcher (one pool of kept-alive connections per origin),
 * about a tenth less CPU per request than node:http's agent on loopback (README, "Runner, as a user
 * runs it"). Loaded on the first request, so a command that calls no HTTP agent never loads it.
 */
let pool: Promise<UndiciAgent> | null = null;
const undiciPool = () =>
  (pool ??= import("undici").then((undici) => {
    // undici is CommonJS: bundled into the CLI, its exports may arrive under `default` only.
    const { Agent } = (undici as unknown as { default?: typeof undici }).default ?? undici;
    return new Agent({ keepAliveTimeout: 30_000, pipelining: 1, connections: null });
  }));

/**
 * POSTs a JSON document through undici's keep-alive pool (the HTTP agents, the labeling benchmark's
 * clients); resolves with the status, body text and headers, rejects on network errors or abort (with
 * the signal's reason).
 */
export async function postJsonPooled(url: URL, payload: string, options: { signal?: AbortSignal } = {}): Promise<PostResult> {
  const dispatcher = await undiciPool();
  const response = await dispatcher.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: payload,
    signal: options.signal,
  });
  const text = await response.body.text();
  const headers = response.headers;
  return {
    status: response.statusCode,
    text,
    header: (name) => {
      const value = headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}
