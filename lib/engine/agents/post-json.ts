import http from "node:http";
import https from "node:https";
import type { Agent as UndiciAgent } from "undici";

// Keep-alive pools: at thousands of trials per second, a new connection per request (or undici's
// fetch, several times the CPU per request here) is what would bound the runner.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: Infinity }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: Infinity }),
};

export interface PostResult {
  status: number;
  text: string;
  /** A response header (lower-case name), or null. */
  header(name: string): string | null;
}

/**
 * POSTs a JSON document; resolves with the status, body text and headers, rejects on network errors or abort.
 * The one JSON POST over node:http: the HTTP agent adapter and the labeling benchmark's clients use it
 * (a caller that bounds its own sockets passes its `agent`).
 */
export function postJson(
  url: URL,
  payload: string,
  options: { signal?: AbortSignal; headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<PostResult> {
  const { signal, headers = {} } = options;
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        agent: options.agent ?? agents[url.protocol as keyof typeof agents],
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "content-length": Buffer.byteLength(payload),
          ...headers,
        },
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
            header: (name) => {
              const value = res.headers[name];
              return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
            },
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
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
 * postJson through undici's keep-alive pool: the same result, rejects on network errors or abort (with
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
