// The one conversation every shape records: a support agent refunds two orders. The model asks for
// two tools in parallel twice (same tool name both times, so results must be paired by id or order),
// and one refund fails. Shared by the mock model (generate.mjs) and the agents (shapes/*.cjs).
"use strict";

const SYSTEM = "You are the support agent of an online shop. Follow the refund policy.";
const USER = "Please refund orders A1002 and A1003, the headphones arrived broken.";
const FINAL = "Refunded 59.90 to your card for A1002. A1003 was already refunded, so there was nothing more to do.";
const MODEL = "gpt-4o-2024-08-06";

const ORDERS = {
  A1002: { id: "A1002", total: 59.9, payment: "card", status: "delivered" },
  A1003: { id: "A1003", total: 19.9, payment: "card", status: "refunded" },
};

/** The model's three turns: two rounds of parallel tool calls, then the answer. */
const TURNS = [
  [
    { id: "call_Xk3pQ7m1", name: "get_order", arguments: { order_id: "A1002" } },
    { id: "call_Rb8tW2n4", name: "get_order", arguments: { order_id: "A1003" } },
  ],
  [
    { id: "call_Lm5vC9d2", name: "issue_refund", arguments: { order_id: "A1002", amount: 59.9 } },
    { id: "call_Hq1zF6s8", name: "issue_refund", arguments: { order_id: "A1003", amount: 19.9 } },
  ],
  FINAL,
];

const TOOL_DEFINITIONS = [
  {
    name: "get_order",
    description: "Look up an order by id.",
    parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"], additionalProperties: false },
  },
  {
    name: "issue_refund",
    description: "Refund an order to its original payment method.",
    parameters: {
      type: "object",
      properties: { order_id: { type: "string" }, amount: { type: "number" } },
      required: ["order_id", "amount"],
      additionalProperties: false,
    },
  },
];

/** The tools themselves. issue_refund throws for an order already refunded. */
const TOOLS = {
  get_order: ({ order_id }) => ORDERS[order_id] ?? null,
  issue_refund: ({ order_id }) => {
    if (ORDERS[order_id]?.status === "refunded") {
      const error = new Error(`order ${order_id} was already refunded`);
      // A stack without this machine's paths, so the fixtures hold nothing local.
      error.stack = `Error: ${error.message}\n    at issue_refund (tools/refunds.js:12:11)`;
      throw error;
    }
    return "refund r-77 created";
  },
};

/** What an app sends back to the model for a tool's result or error. */
function toolMessageContent(run) {
  try {
    const value = run();
    return { ok: true, value, text: typeof value === "string" ? value : JSON.stringify(value) };
  } catch (error) {
    return { ok: false, error, text: `error: ${error.message}` };
  }
}

module.exports = { SYSTEM, USER, FINAL, MODEL, TURNS, TOOLS, TOOL_DEFINITIONS, toolMessageContent };
