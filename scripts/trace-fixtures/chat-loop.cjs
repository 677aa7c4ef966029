// A plain Chat Completions agent loop on the official openai client: call the model, run every
// tool call it asks for, send the results back, until it answers. `runTool(call, args, execute)`
// wraps each tool run (each shape records tool spans its own way); `execute()` runs the tool and
// gives {ok, value | error, text}, text being what goes back to the model.
"use strict";

const { SYSTEM, USER, TOOLS, TOOL_DEFINITIONS, toolMessageContent } = require("./scenario.cjs");

async function runChatAgent(client, { model, systemRole = "system", runTool = (call, args, execute) => execute() }) {
  const messages = [
    { role: systemRole, content: SYSTEM },
    { role: "user", content: USER },
  ];
  const tools = TOOL_DEFINITIONS.map((t) => ({ type: "function", function: t }));
  for (let step = 0; step < 5; step++) {
    const completion = await client.chat.completions.create({ model, messages, tools, temperature: 0 });
    const message = completion.choices[0].message;
    messages.push(message);
    if (!message.tool_calls?.length) return message.content;
    for (const call of message.tool_calls) {
      const args = JSON.parse(call.function.arguments);
      const outcome = await runTool(call, args, () => toolMessageContent(() => TOOLS[call.function.name](args)));
      messages.push({ role: "tool", tool_call_id: call.id, content: outcome.text });
    }
  }
  throw new Error("the agent did not finish");
}

module.exports = { runChatAgent };
