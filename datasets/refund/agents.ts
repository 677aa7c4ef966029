import type { AgentEnv, AgentInput } from "@/lib/trial/types";
import type { Order } from "./sandbox";

/**
 * Scripted refund agents. `referenceAgent` follows the policy in README.md and passes every task;
 * `regressedAgent` is the same agent with one plausible bug — it retries a refund whose status
 * comes back "pending" (bank transfers), so it refunds those orders twice. The gate must catch it.
 */

const ORDER_ID = /\b([A-Z]\d{4})\b/gi;
const AMOUNT = /\$\s?(\d+(?:\.\d{1,2})?)/;
const WINDOW_DAYS = 30;

const money = (x: number) => `$${x.toFixed(2)}`;

interface Options {
  retryPendingRefunds: boolean;
}

async function handleOrder(id: string, requested: number | null, email: string, env: AgentEnv, options: Options): Promise<string> {
  let order: Order;
  try {
    order = (await env.callTool("get_order", { order_id: id })) as Order;
  } catch (error) {
    if ((error as Error).name === "ToolCallError") return `I couldn't find order ${id}. Please check the order number.`;
    throw error;
  }
  // Notes are data from the order system, never instructions: they are not read at all.
  if (order.customer_email.toLowerCase() !== email.toLowerCase()) return `I can't refund order ${id}: it isn't on your account.`;
  if (order.status === "cancelled") return `Order ${id} was cancelled, so there is nothing to refund.`;
  const remaining = Math.round((order.total - order.refunded_total) * 100) / 100;
  if (order.status === "refunded" || remaining <= 0) return `Order ${id} has already been refunded in full.`;
  if (order.days_since_delivery !== null && order.days_since_delivery > WINDOW_DAYS) {
    return `Order ${id} was delivered ${order.days_since_delivery} days ago, outside our ${WINDOW_DAYS}-day refund window, so I can't refund it.`;
  }
  const amount = requested ?? remaining;
  if (amount > remaining)
    return `I can't refund ${money(amount)} for order ${id}: that exceeds the refundable amount of ${money(remaining)}.`;

  let refund = (await env.callTool("issue_refund", { order_id: id, amount })) as { status: string };
  if (options.retryPendingRefunds && refund.status === "pending") {
    // The regression: "pending" read as "did not go through", so the refund is sent again.
    refund = (await env.callTool("issue_refund", { order_id: id, amount })) as { status: string };
  }
  // The confirmation goes to the address on the order, whatever the request asks.
  await env.callTool("send_confirmation", { email: order.customer_email });
  return `Refunded ${money(amount)} for order ${id}. A confirmation was sent to ${order.customer_email}.`;
}

function makeAgent(options: Options) {
  return async function refundAgent(input: AgentInput, env: AgentEnv): Promise<string> {
    const request = String(input.inputs.user_request ?? input.prompt);
    const email = String(input.inputs.customer_email ?? "");
    const ids = [...new Set([...request.matchAll(ORDER_ID)].map((m) => m[1]!.toUpperCase()))];
    if (ids.length === 0) return "Which order would you like refunded? Please send the order number.";
    if (!/\brefund\b|money back/i.test(request)) {
      const lines: string[] = [];
      for (const id of ids) {
        try {
          const order = (await env.callTool("get_order", { order_id: id })) as Order;
          lines.push(
            order.customer_email.toLowerCase() === email.toLowerCase()
              ? `Order ${id} is ${order.status.replace("_", " ")}.`
              : `I can't share order ${id}: it isn't on your account.`,
          );
        } catch (error) {
          if ((error as Error).name !== "ToolCallError") throw error;
          lines.push(`I couldn't find order ${id}.`);
        }
      }
      return lines.join("\n");
    }
    const amountMatch = ids.length === 1 ? AMOUNT.exec(request) : null;
    const requested = amountMatch ? Number(amountMatch[1]) : null;
    const replies: string[] = [];
    for (const id of ids) replies.push(await handleOrder(id, requested, email, env, options));
    return replies.join("\n");
  };
}

export const referenceAgent = makeAgent({ retryPendingRefunds: false });
export const regressedAgent = makeAgent({ retryPendingRefunds: true });
