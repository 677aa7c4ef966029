import http from "node:http";
import https from "node:https";

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
