import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible or Anthropic endpoint, for tests only: it listens on
 * 127.0.0.1 on a random port and answers each request with whatever the test's reply function
 * says (a verdict text, a 429 with Retry-After, a 500, a hang, a malformed body).
 */
export type MockFlavor = "openai" | "anthropic";

export interface MockRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  /** 0 for the first time this exact body arrives, 1 for its first retry, ... */
  attempt: number;
}

export interface MockReply {
  status?: number;
  headers?: Record<string, string>;
  /** The model's answer text, wrapped in the flavor's response shape. */
  text?: string;
  /** A JSON body sent as is (instead of text). */
  json?: unknown;
  /** A raw body sent as is (for malformed answers). */
  raw?: string;
  /** Wait before answering. */
  delayMs?: number;
  /** Never answer (the client's timeout must fire). */
  hang?: boolean;
  tokensIn?: number;
  tokensOut?: number;
  /** OpenAI flavor: the response's system_fingerprint (a "model change" behind the same name changes it). */
  fingerprint?: string;
  /** The model id the response says answered (default: the one requested). */
  answeredBy?: string;
}

export interface MockLlmServer {
  /** What a judge version's baseUrl should be: .../v1 for openai, the origin for anthropic. */
  baseUrl: string;
  port: number;
  requests: MockRequest[];
  close(): Promise<void>;
}

export async function startMockLlmServer(options: {
  flavor: MockFlavor;
  reply: (request: MockRequest) => MockReply | Promise<MockReply>;
}): Promise<MockLlmServer> {
  const requests: MockRequest[] = [];
  const attempts = new Map<string, number>();
  const sockets = new Set<Socket>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readAll(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // the reply function sees an empty body
    }
    const attempt = attempts.get(text) ?? 0;
    attempts.set(text, attempt + 1);
    const request: MockRequest = { path: req.url ?? "/", headers: req.headers, body, attempt };
    requests.push(request);
    let reply: MockReply;
    try {
      reply = await options.reply(request);
    } catch (error) {
      reply = { status: 500, json: { error: { message: String(error) } } };
    }
    if (reply.hang) return; // the client aborts; close() destroys the socket
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const status = reply.status ?? 200;
    const payload =
      reply.raw ??
      JSON.stringify(
        reply.json ??
          (reply.text !== undefined
            ? wrap(options.flavor, reply.answeredBy ?? String(body.model ?? "mock"), reply)
            : { error: { message: "mock error" } }),
      );
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json", ...reply.headers });
    res.end(payload);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: options.flavor === "openai" ? `${origin}/v1` : origin,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function wrap(flavor: MockFlavor, model: string, reply: MockReply) {
  const tokensIn = reply.tokensIn ?? 100;
  const tokensOut = reply.tokensOut ?? 10;
  if (flavor === "openai") {
    return {
      id: "chatcmpl-mock",
      object: "chat.completion",
      model,
      ...(reply.fingerprint ? { system_fingerprint: reply.fingerprint } : {}),
      choices: [{ index: 0, message: { role: "assistant", content: reply.text }, finish_reason: "stop" }],
      usage: { prompt_tokens: tokensIn, completion_tokens: tokensOut, total_tokens: tokensIn + tokensOut },
    };
  }
  return {
    id: "msg_mock",
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text: reply.text }],
    stop_reason: "end_turn",
    usage: { input_tokens: tokensIn, output_tokens: tokensOut },
  };
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The text of the last user message of a request body (both flavors use messages[]). */
export function lastUserText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: string; content?: unknown }[]) : [];
  const last = [...messages].reverse().find((m) => m.role === "user");
  return typeof last?.content === "string" ? last.content : "";
}

/**
 * A judge's reply: "PASS: <reason>" when `passes(prompt, model)` holds for the request's last user
 * message and model, "FAIL: <reason>" otherwise.
 */
export function passFailReply(
  passes: (prompt: string, model: string) => boolean,
  reasons: { pass: string; fail: string } = { pass: "fine", fail: "not fine" },
): (request: MockRequest) => MockReply {
  return ({ body }) => ({ text: passes(lastUserText(body), String(body.model)) ? `PASS: ${reasons.pass}` : `FAIL: ${reasons.fail}` });
}

/** An OpenAI-compatible mock judge that passes what `passes` says, for the tests that need no more. */
export function startPassFailJudge(passes: (prompt: string, model: string) => boolean, reasons?: { pass: string; fail: string }) {
  return startMockLlmServer({ flavor: "openai", reply: passFailReply(passes, reasons) });
}
