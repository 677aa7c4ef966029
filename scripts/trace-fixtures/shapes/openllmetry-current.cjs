// OpenLLMetry for JS (@traceloop/node-server-sdk 0.27, @traceloop/instrumentation-openai 0.27):
// the OTel 1.40 GenAI conventions (gen_ai.input.messages / gen_ai.output.messages as JSON), with
// the system prompt sent as OpenAI's `developer` role, kept as is by the instrumentation. The
// agent is a withWorkflow, each tool run a withTool (traceloop.span.kind = tool, no call id).
"use strict";

const traceloop = require("@traceloop/node-server-sdk");
const { OpenAI } = require("openai");
const { traceExporter } = require("../telemetry.cjs");
const { MODEL } = require("../scenario.cjs");
const { runChatAgent } = require("../chat-loop.cjs");

traceloop.initialize({
  appName: "support-agent",
  exporter: traceExporter(),
  instrumentModules: { openAI: OpenAI },
  traceContent: true,
  traceloopSyncEnabled: false,
  silenceInitializationMessage: true,
});

async function main() {
  const client = new OpenAI({ apiKey: "sk-mock", baseURL: `${process.env.MODEL_BASE_URL}/v1` });
  await traceloop.withWorkflow({ name: "refund_agent" }, () =>
    runChatAgent(client, {
      model: MODEL,
      systemRole: "developer",
      // withTool records the tool's input and output. It never ends the span of a tool that throws,
      // so OpenLLMetry tools return their error as text, which is what the model sees anyway.
      runTool: async (call, args, execute) => {
        let outcome;
        await traceloop.withTool(
          { name: call.function.name },
          async () => {
            outcome = execute();
            return outcome.ok ? outcome.value : outcome.text;
          },
          args,
        );
        return outcome;
      },
    }),
  );
  await traceloop.forceFlush();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
