import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface MockServer {
  url: string;
  /** Every JSON body received, in order. */
  bodies: unknown[];
  /** Requests whose client went away before an answer (aborted by the runner). */
  aborted: number;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 with a random port for adapter tests. The handler gets the parsed
 * JSON body and returns [status, body] (and optionally headers), or null to never answer (a hung agent).
 */
export type MockAnswer = [number, unknown] | [number, unknown, Record<string, string>];

export async function startMockServer(
  handler: (body: unknown, req: IncomingMessage) => Promise<MockAnswer | null> | MockAnswer | null,
): Promise<MockServer> {
  const state = { bodies: [] as unknown[], aborted: 0 };
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", async () => {
      const body = raw ? (JSON.parse(raw) as unknown) : null;
      state.bodies.push(body);
      const answer = await handler(body, req);
      if (answer === null) {
        open.add(res);
        res.on("close", () => {
          if (!res.writableEnded) state.aborted++;
          open.delete(res);
        });
        return;
      }
      const [status, payload, headers = {}] = answer;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get bodies() {
      return state.bodies;
    },
    get aborted() {
      return state.aborted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
