// The refund agent under OpenLLMetry for JS, whichever version of the SDK and of openai a shape loads:
// the agent is a withWorkflow, each tool run a withTool (traceloop.span.kind = tool, no call id).
"use strict";

const { traceExporter } = require("./telemetry.cjs");
const { MODEL } = require("./scenario.cjs");
const { runChatAgent } = require("./chat-loop.cjs");

/** Runs the agent with `traceloop` (the SDK) instrumenting `OpenAI`; `chat` adds options (e.g. systemRole). */
async function runOpenLLMetryAgent(traceloop, OpenAI, chat = {}) {
  traceloop.initialize({
    appName: "support-agent",
    exporter: traceExporter(),
    instrumentModules: { openAI: OpenAI },
    traceContent: true,
    traceloopSyncEnabled: false,
    silenceInitializationMessage: true,
  });
  const client = new OpenAI({ apiKey: "sk-mock", baseURL: `${process.env.MODEL_BASE_URL}/v1` });
  await traceloop.withWorkflow({ name: "refund_agent" }, () =>
    runChatAgent(client, {
      model: MODEL,
      ...chat,
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

/** A shape script's entry: runs `main` and sets the exit code on failure. */
function runShape(main) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

module.exports = { runOpenLLMetryAgent, runShape };
