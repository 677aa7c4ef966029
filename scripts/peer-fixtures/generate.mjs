// Runs the real promptfoo (0.120.8) once against a local OpenAI-compatible mock on 127.0.0.1 and
// keeps its `-o results.json` as lib/transcripts/fixtures/peers/promptfoo-results.json. See README.md.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const here = import.meta.dirname;
const out = path.resolve(here, "../../lib/transcripts/fixtures/peers");

const ANSWERS = [
  [
    /broken 3 days ago/,
    { content: "I'm sorry about the headphones. I've started a full refund of 59.90; it reaches your card within 5 business days." },
  ],
  [
    /45 days ago/,
    { content: "Sorry, our refund window is 30 days, so a full refund is not possible for the kettle. I can offer store credit instead." },
  ],
  [
    /Where is my order/,
    { tool_calls: [{ id: "call_Pz81kQ", type: "function", function: { name: "get_order", arguments: '{"order_id":"A1002"}' } }] },
  ],
];

/** The model, and promptfoo's llm-rubric grader (recognised by its grading prompt). */
function answer(body) {
  const text = body.messages.map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))).join("\n");
  if (/grading output|rubric/i.test(text)) {
    const pass = true;
    return {
      content: JSON.stringify({ reason: pass ? "The output does what the rubric asks." : "It does not.", pass, score: pass ? 1 : 0 }),
    };
  }
  if (/TRIGGER_ERROR/.test(text)) return null;
  const found = ANSWERS.find(([pattern]) => pattern.test(text));
  return found ? found[1] : { content: "How can I help?" };
}

const server = http.createServer(async (req, res) => {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  const body = JSON.parse(raw || "{}");
  const message = answer(body);
  if (!message) {
    res
      .writeHead(400, { "content-type": "application/json" })
      .end(JSON.stringify({ error: { message: "The model is overloaded; try again later.", type: "invalid_request_error" } }));
    return;
  }
  res.writeHead(200, { "content-type": "application/json" }).end(
    JSON.stringify({
      id: "chatcmpl-mock",
      object: "chat.completion",
      created: 1764460800,
      model: body.model,
      choices: [
        { index: 0, message: { role: "assistant", content: null, ...message }, finish_reason: message.tool_calls ? "tool_calls" : "stop" },
      ],
      usage: { prompt_tokens: 60, completion_tokens: 20, total_tokens: 80 },
    }),
  );
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}/v1`;

const work = mkdtempSync(path.join(os.tmpdir(), "gavel-promptfoo-"));
const provider = { id: "openai:chat:gpt-4o-mini", label: "support-bot", config: { apiBaseUrl: base, apiKey: "sk-mock", temperature: 0 } };
const config = {
  description: "Support agent: refund replies",
  prompts: [
    {
      id: "support",
      label: "support prompt",
      raw: JSON.stringify([
        { role: "system", content: "You are the support agent of an online shop. Refunds are allowed within 30 days of delivery." },
        { role: "user", content: "{{question}}" },
      ]),
    },
  ],
  providers: [
    {
      ...provider,
      config: {
        ...provider.config,
        tools: [
          {
            type: "function",
            function: {
              name: "get_order",
              description: "Look up an order.",
              parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
            },
          },
        ],
      },
    },
  ],
  defaultTest: { options: { provider } },
  tests: [
    {
      description: "refund within the policy",
      vars: { question: "My headphones arrived broken 3 days ago. Can I get a refund?" },
      assert: [
        { type: "icontains", value: "refund" },
        { type: "llm-rubric", value: "Offers a refund and says when the money arrives." },
      ],
    },
    {
      description: "refund outside the policy",
      vars: { question: "I bought a kettle 45 days ago and want my money back." },
      assert: [
        { type: "not-icontains", value: "full refund" },
        { type: "llm-rubric", value: "Explains politely that the 30-day window has passed." },
      ],
    },
    {
      description: "order status uses the tool",
      vars: { question: "Where is my order A1002?" },
      assert: [{ type: "is-valid-openai-tools-call" }],
    },
    { description: "the model fails", vars: { question: "TRIGGER_ERROR" }, assert: [{ type: "icontains", value: "refund" }] },
  ],
};
writeFileSync(path.join(work, "promptfooconfig.json"), JSON.stringify(config, null, 2));

const results = path.join(work, "results.json");
const code = await new Promise((resolve) => {
  const child = spawn(
    path.join(here, "node_modules/.bin/promptfoo"),
    ["eval", "-c", "promptfooconfig.json", "-o", results, "--no-cache", "--no-table", "--no-progress-bar", "-j", "1"],
    {
      cwd: work,
      stdio: "inherit",
      env: {
        ...process.env,
        OPENAI_API_KEY: "sk-mock",
        PROMPTFOO_DISABLE_TELEMETRY: "1",
        PROMPTFOO_DISABLE_UPDATE: "1",
        PROMPTFOO_DISABLE_SHARING: "1",
        PROMPTFOO_DISABLE_REMOTE_GENERATION: "true",
        PROMPTFOO_CONFIG_DIR: path.join(work, ".promptfoo"),
      },
    },
  );
  child.on("exit", resolve);
});
server.close();
// promptfoo exits 100 when a test fails, as here on purpose.
if (code !== 0 && code !== 100) throw new Error(`promptfoo exited with ${code}`);
mkdirSync(out, { recursive: true });
const text = readFileSync(results, "utf8").split(work).join("/project");
writeFileSync(path.join(out, "promptfoo-results.json"), text.endsWith("\n") ? text : `${text}\n`);
console.log(`promptfoo exited ${code}; wrote ${path.relative(process.cwd(), path.join(out, "promptfoo-results.json"))}`);
