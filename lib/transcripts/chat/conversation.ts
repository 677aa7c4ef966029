import { canonicalJson } from "../../hash";
import type { Call, Msg, ReadMessage, Response } from "./messages";

/**
 * What a span contributes to its trace's conversation, in any shape, and how a trace's
 * contributions become one conversation. Pure.
 *
 *  - A model call: the messages it was sent (they repeat the history, so only those not seen yet
 *    are added) and the messages it returned (always new, unless `outputsRepeat`: an agent span's
 *    output repeats its last model call's).
 *  - A tool run: a tool's execution, paired with the call the model asked for by id, else by name
 *    and equal arguments, else by order among the calls of that name; one no model asked for is an
 *    assistant tool call of its own, placed by time.
 */
export interface ModelCall {
  kind: "model";
  inputs: ReadMessage[];
  outputs: ReadMessage[];
  outputsRepeat?: boolean;
  /** The whole history recorded at the span's end (pydantic-ai's all_messages_events): read last. */
  inputsAtEnd?: boolean;
}

export interface ToolRun {
  kind: "tool";
  id?: string;
  name: string;
  arguments?: unknown;
  result?: unknown;
  error?: string;
}

export type Contribution = ModelCall | ToolRun;

export interface Timed<T> {
  start: bigint;
  end: bigint;
  order: number;
  item: T;
}

interface Placed {
  message: Msg;
  at: bigint;
}

class Conversation {
  readonly placed: Placed[] = [];
  private readonly seen = new Map<string, number>();
  private readonly byId = new Map<string, Call>();
  /** Calls a tool run has already completed. */
  private readonly ran = new Set<Call>();

  private calls(): Call[] {
    return this.placed.flatMap((p) => p.message.toolCalls ?? []);
  }

  private answer(response: Response): boolean {
    const call = response.id ? this.byId.get(response.id) : this.calls().find((c) => c.result === undefined && c.error === undefined);
    if (!call) return false;
    if (response.error !== undefined && call.error === undefined) call.error = response.error;
    if (response.result !== undefined && call.result === undefined) call.result = response.result;
    return true;
  }

  private place(message: Msg, at: bigint, byTime = false) {
    for (const call of message.toolCalls ?? []) if (call.id) this.byId.set(call.id, call);
    // System instructions belong before the conversation, wherever a span reported them; but a
    // second, different system prompt that a later model call opens with, once the conversation has
    // begun, is another agent's (a workflow handing over from a writer to a critic): it stays where that
    // agent's run starts, so each agent's instructions precede what it was asked.
    const begun = this.placed.some((p) => p.message.role !== "system");
    const second = this.placed.some((p) => p.message.role === "system");
    if (message.role === "system" && (!begun || !second || byTime)) {
      const first = this.placed.findIndex((p) => p.message.role !== "system");
      this.placed.splice(first === -1 ? this.placed.length : first, 0, { message, at });
    } else if (byTime) {
      const after = this.placed.findIndex((p) => p.at > at);
      this.placed.splice(after === -1 ? this.placed.length : after, 0, { message, at });
    } else {
      this.placed.push({ message, at });
    }
  }

  /**
   * Adds the messages not held yet (or all of them, when always): a message is new when this list
   * holds it more often than seen so far. A tool call whose id the conversation holds is that call,
   * however the messages around it were split (the Responses API returns one message with two
   * calls and sends them back as two). `byTime` places messages by their time instead of last.
   */
  add(list: ReadMessage[], always: boolean, at: bigint, byTime = false) {
    const counts = new Map<string, number>();
    for (const read of list) {
      const n = (counts.get(read.key) ?? 0) + 1;
      counts.set(read.key, n);
      if (!always && (this.seen.get(read.key) ?? 0) >= n) continue;
      this.seen.set(read.key, (this.seen.get(read.key) ?? 0) + 1);
      const leftover = read.responses.filter((r) => !this.answer(r));
      const calls = read.message.toolCalls?.filter((c) => !c.id || !this.byId.has(c.id)).map((c) => ({ ...c }));
      const message: Msg = { ...read.message, ...(calls?.length ? { toolCalls: calls } : {}) };
      if (!calls?.length) delete message.toolCalls;
      if (!message.content && leftover.length) {
        message.content = leftover
          .map((r) => (r.error !== undefined ? r.error : typeof r.result === "string" ? r.result : JSON.stringify(r.result ?? null)))
          .join("\n");
      }
      // A tool message folded into its call, or an empty turn: nothing to show.
      if (!message.content && !message.toolCalls?.length) continue;
      this.place(message, at, byTime);
    }
  }

  run(tool: ToolRun, at: bigint) {
    const open = this.calls().filter((c) => !this.ran.has(c) && c.name === tool.name);
    const args = tool.arguments === undefined ? null : canonicalJson(tool.arguments);
    const call =
      (tool.id ? this.byId.get(tool.id) : undefined) ??
      (args !== null ? open.find((c) => c.arguments !== undefined && canonicalJson(c.arguments) === args) : undefined) ??
      // By order: the first call of that name not run yet, unless both sides know different arguments.
      open.find((c) => c.arguments === undefined || args === null);
    if (call) {
      this.ran.add(call);
      if (tool.arguments !== undefined && call.arguments === undefined) call.arguments = tool.arguments;
      if (tool.result !== undefined && call.result === undefined) call.result = tool.result;
      if (tool.error !== undefined) call.error = tool.error;
      return;
    }
    const own: Call = {
      ...(tool.id ? { id: tool.id } : {}),
      name: tool.name,
      ...(tool.arguments !== undefined ? { arguments: tool.arguments } : {}),
      ...(tool.result !== undefined ? { result: tool.result } : {}),
      ...(tool.error !== undefined ? { error: tool.error } : {}),
    };
    this.ran.add(own);
    if (own.id) this.byId.set(own.id, own);
    const before = this.placed.findIndex((p) => p.at > at);
    this.placed.splice(before === -1 ? this.placed.length : before, 0, { message: { role: "assistant", toolCalls: [own] }, at });
  }
}

/**
 * One conversation from a trace's model calls and tool runs. Model calls are read in the order
 * they started, each one's inputs then its outputs: clocks are too coarse to interleave them by
 * time (JS SDKs stamp a span's start in whole milliseconds and its end finer, so the next call
 * often "starts" before the previous one ended). An agent's output and a history recorded at the
 * end repeat what the model calls said: they are read after every model call and only fill in what
 * is missing, placed by time. Tool runs are paired last, so their clock never reorders messages.
 */
export function assemble(models: Timed<ModelCall>[], tools: Timed<ToolRun>[]): Msg[] {
  const c = new Conversation();
  const earliest = <T>(a: Timed<T>, b: Timed<T>) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.order - b.order);
  const repeats: { at: bigint; order: number; run: () => void }[] = [];
  for (const { start, end, order, item } of [...models].sort(earliest)) {
    const close = end > start ? end : start + 1n;
    if (item.inputs.length) {
      if (item.inputsAtEnd) repeats.push({ at: close, order, run: () => c.add(item.inputs, false, close, true) });
      else c.add(item.inputs, false, start);
    }
    if (item.outputs.length) {
      if (item.outputsRepeat) repeats.push({ at: close, order, run: () => c.add(item.outputs, false, close, true) });
      else c.add(item.outputs, true, close);
    }
  }
  for (const step of repeats.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order))) step.run();
  for (const { start, item } of [...tools].sort(earliest)) c.run(item, start);
  return c.placed.map((p) => p.message);
}
