// Local stand-ins on 127.0.0.1: an OpenAI-compatible model (Chat Completions and Responses, no
// streaming) that plays scenario.cjs's turns, an OTLP/HTTP JSON collector that keeps every request
// body exactly as the exporter sent it, and a customer service the OTel agent calls over HTTP.
import http from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { TURNS, MODEL } = require("./scenario.cjs");

function listen(handler) {
  return new Promise((resolve) => {
    const server = http.createServer(async (req, res) => {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      try {
        await handler(req, res, Buffer.concat(chunks));
      } catch (error) {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: String(error) }));
      }
    });
    server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` }));
  });
}

const json = (res, status, body) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/** Which turn a request is at: one turn per round of tool results already in the conversation. */
function turnOf(toolResults) {
  return Math.min(Math.round(toolResults / 2), TURNS.length - 1);
}

const usage = { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 };

export async function startModel() {
  let n = 0;
  return listen((req, res, body) => {
    const request = JSON.parse(body.toString("utf8") || "{}");
    n += 1;
    if (req.url.endsWith("/chat/completions")) {
      const turn = TURNS[turnOf(request.messages.filter((m) => m.role === "tool").length)];
      const message =
        typeof turn === "string"
          ? { role: "assistant", content: turn, refusal: null }
          : {
              role: "assistant",
              content: null,
              refusal: null,
              tool_calls: turn.map((c) => ({
                id: c.id,
                type: "function",
                function: { name: c.name, arguments: JSON.stringify(c.arguments) },
              })),
            };
      return json(res, 200, {
        id: `chatcmpl-mock${n}`,
        object: "chat.completion",
        created: 1764460800 + n,
        model: MODEL,
        system_fingerprint: "fp_mock",
        choices: [{ index: 0, message, logprobs: null, finish_reason: typeof turn === "string" ? "stop" : "tool_calls" }],
        usage,
      });
    }
    if (req.url.endsWith("/responses")) {
      const input = Array.isArray(request.input) ? request.input : [];
      const turn = TURNS[turnOf(input.filter((i) => i.type === "function_call_output").length)];
      const output =
        typeof turn === "string"
          ? [
              {
                type: "message",
                id: `msg_mock${n}`,
                status: "completed",
                role: "assistant",
                content: [{ type: "output_text", text: turn, annotations: [] }],
              },
            ]
          : turn.map((c, i) => ({
              type: "function_call",
              id: `fc_mock${n}_${i}`,
              call_id: c.id,
              name: c.name,
              arguments: JSON.stringify(c.arguments),
              status: "completed",
            }));
      return json(res, 200, {
        id: `resp_mock${n}`,
        object: "response",
        created_at: 1764460800 + n,
        status: "completed",
        model: MODEL,
        output,
        usage: {
          input_tokens: 120,
          output_tokens: 40,
          total_tokens: 160,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens_details: { reasoning_tokens: 0 },
        },
      });
    }
    return json(res, 404, { error: { message: `no mock for ${req.url}` } });
  });
}

export async function startCollector() {
  const requests = [];
  const started = await listen((req, res, body) => {
    const type = req.headers["content-type"] ?? "";
    if (!type.includes("json")) throw new Error(`the exporter sent ${type}: configure OTLP/HTTP JSON`);
    const signal = req.url.endsWith("/v1/logs") ? "logs" : "traces";
    requests.push({ signal, body: JSON.parse(body.toString("utf8")) });
    json(res, 200, {});
  });
  return { ...started, requests };
}

export async function startCustomers() {
  return listen((req, res) => json(res, 200, { id: "c-17", name: "Ana Ruiz", email: "ana@example.com", tier: "gold" }));
}
