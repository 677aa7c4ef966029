import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";

type RouteHandler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** One request as it went over the wire, with the answer (kept so a test can check both against the OpenAPI description). */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  requestType: string | null;
  requestBody: string;
  responseType: string | null;
  responseBody: string;
}

export interface Route {
  method: string;
  /** "/api/runs/:id/trials" */
  pattern: string;
  handler: RouteHandler;
}

/**
 * The app's own route handlers behind a real HTTP server on 127.0.0.1, without Next: lets a test
 * run `gavel run --server` as a child process against them over real HTTP. Only requests that
 * carry an API token work here (a session needs Next's request scope).
 */
export async function startRouteServer(routes: Route[]): Promise<{
  url: string;
  close: () => Promise<void>;
  /** Goes away (open connections cut) for `downMs`, then serves again on the same port: a server restart. */
  restart: (downMs: number) => Promise<void>;
  requests: Exchange[];
}> {
  const requests: Exchange[] = [];
  const compiled = routes.map((r) => ({ ...r, regex: new RegExp(`^${r.pattern.replace(/:(\w+)/g, "(?<$1>[^/]+)")}$`) }));
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const route = compiled.find((r) => r.method === req.method && r.regex.test(url.pathname));
    let response: Response;
    if (!route) response = new Response(JSON.stringify({ error: "no route" }), { status: 404 });
    else {
      const params = Object.fromEntries(
        Object.entries(route.regex.exec(url.pathname)!.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
      );
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const body = chunks.length && req.method !== "GET" ? Buffer.concat(chunks) : undefined;
      try {
        response = await route.handler(new NextRequest(url, { method: req.method, headers, body }), { params: Promise.resolve(params) });
      } catch (error) {
        response = new Response(JSON.stringify({ error: (error as Error).message }), { status: 500 });
      }
    }
    const answer = Buffer.from(await response.arrayBuffer());
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      status: response.status,
      requestType: req.headers["content-type"] ?? null,
      requestBody: Buffer.concat(chunks).toString("utf8"),
      responseType: response.headers.get("content-type"),
      responseBody: answer.toString("utf8"),
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const restart = async (downMs: number) => {
    await close();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  };
  return { url: `http://127.0.0.1:${port}`, requests, close, restart };
}
