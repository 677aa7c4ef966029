// The Vercel AI SDK (ai 6 with @ai-sdk/openai 3, Chat Completions) with experimental_telemetry on:
// an ai.generateText span for the run (ai.prompt, ai.response.text), an ai.generateText.doGenerate
// span per model call (ai.prompt.messages, ai.response.text / ai.response.toolCalls) and an
// ai.toolCall span per tool run (ai.toolCall.name / .id / .args / .result; a throwing tool marks
// its span ERROR and the SDK tells the model).
import { createRequire } from "node:module";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, stepCountIs, tool } from "ai";
import { z } from "zod";

const require = createRequire(import.meta.url);
const { startTelemetry } = require("../telemetry.cjs");
const { MODEL, SYSTEM, USER, TOOLS, TOOL_DEFINITIONS } = require("../scenario.cjs");

const telemetry = startTelemetry();
const openai = createOpenAI({ apiKey: "sk-mock", baseURL: `${process.env.MODEL_BASE_URL}/v1` });
const describe = (name) => TOOL_DEFINITIONS.find((t) => t.name === name).description;

const { text } = await generateText({
  model: openai.chat(MODEL),
  system: SYSTEM,
  prompt: USER,
  temperature: 0,
  tools: {
    get_order: tool({
      description: describe("get_order"),
      inputSchema: z.object({ order_id: z.string() }),
      execute: async (args) => TOOLS.get_order(args),
    }),
    issue_refund: tool({
      description: describe("issue_refund"),
      inputSchema: z.object({ order_id: z.string(), amount: z.number() }),
      execute: async (args) => TOOLS.issue_refund(args),
    }),
  },
  stopWhen: stepCountIs(5),
  experimental_telemetry: { isEnabled: true, functionId: "support-agent" },
});
if (!text) throw new Error("the agent gave no answer");
await telemetry.shutdown();
