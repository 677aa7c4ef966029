import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stand-in for GitHub's issue-comments and GitLab's MR-notes APIs on 127.0.0.1, for tests:
 * it keeps comments in memory, checks the token header, and pages lists like the real ones.
 */
export interface MockForge {
  url: string;
  comments: { id: number; body: string }[];
  requests: { method: string; path: string; auth: string | undefined }[];
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = "";
    req.on("data", (c: Buffer) => (data += c.toString()));
    req.on("end", () => resolve(data));
  });

export async function startMockForge(
  kind: "github" | "gitlab",
  token: string,
  seed: { id: number; body: string }[] = [],
): Promise<MockForge> {
  const comments = [...seed];
  const requests: MockForge["requests"] = [];
  let next = 1000;
  const collection =
    kind === "github" ? /^\/api\/repos\/acme\/agent\/issues\/17\/comments$/ : /^\/api\/v4\/projects\/42\/merge_requests\/7\/notes$/;
  const item =
    kind === "github"
      ? /^\/api\/repos\/acme\/agent\/issues\/comments\/(\d+)$/
      : /^\/api\/v4\/projects\/42\/merge_requests\/7\/notes\/(\d+)$/;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const auth = kind === "github" ? req.headers.authorization : (req.headers["private-token"] as string | undefined);
      requests.push({ method: req.method ?? "", path: url.pathname, auth });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (auth !== (kind === "github" ? `Bearer ${token}` : token)) return send(401, { message: "Bad credentials" });
      const body = req.method === "GET" ? null : (JSON.parse((await read(req)) || "{}") as { body?: string });
      if (collection.test(url.pathname) && req.method === "GET") {
        const perPage = Number(url.searchParams.get("per_page") ?? 30);
        const page = Number(url.searchParams.get("page") ?? 1);
        return send(200, comments.slice((page - 1) * perPage, page * perPage));
      }
      if (collection.test(url.pathname) && req.method === "POST") {
        const created = { id: next++, body: body?.body ?? "" };
        comments.push(created);
        return send(201, { ...created, html_url: `https://forge.example/c/${created.id}` });
      }
      const m = item.exec(url.pathname);
      if (m && req.method === (kind === "github" ? "PATCH" : "PUT")) {
        const found = comments.find((c) => c.id === Number(m[1]));
        if (!found) return send(404, { message: "Not Found" });
        found.body = body?.body ?? "";
        return send(200, { ...found, html_url: `https://forge.example/c/${found.id}` });
      }
      send(404, { message: "Not Found" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    comments,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
