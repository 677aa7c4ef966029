import { capText, type CompactText } from "./compact-transcript";

/**
 * Which items may be worked examples, and which examples a reviewer may be shown. A worked example
 * shows an item's answer, so it must never be an item anyone still has to label: only an item whose
 * labeling is finished — a gold label at the current rubric version and every label it needs (an
 * item decided early from a flag, or one with imported gold only, may still be served) — and not an
 * open item of another queue (a reviewer labels a transcript once, wherever it is).
 */
export interface ExampleCandidate {
  /** The item's split: test items measure judges, so their answers are never handed out as examples. */
  split: "dev" | "test";
  /** The item's gold value at the queue's current rubric version, or null. */
  gold: string | null;
  labelCount: number;
  reviewersPerItem: number;
  /** Names of other queues where this transcript still needs labels. */
  openElsewhere: string[];
  /** Already an example of this rubric version. */
  attached: boolean;
}

/** Why this item cannot be attached as a worked example, or null when it can. */
export function exampleRefusal(item: ExampleCandidate, rubricVersion: number): string | null {
  if (item.attached) return `This item is already a worked example of rubric v${rubricVersion}.`;
  if (item.split === "test")
    return "This item is in the test split, which measures judges: its answer may not be shown as an example. Choose a dev item.";
  if (item.gold === null)
    return `This item has no gold label at rubric v${rubricVersion}: only items whose labeling is finished can be examples.`;
  if (item.labelCount < item.reviewersPerItem)
    return `This item still needs labels (${item.labelCount} of ${item.reviewersPerItem}): showing its answer would unblind its reviewers.`;
  if (item.openElsewhere.length > 0)
    return `This transcript still needs labels in ${item.openElsewhere.map((q) => `"${q}"`).join(", ")}: showing its answer would unblind them.`;
  return null;
}

/**
 * The examples a reviewer may see beside an item: those whose item is still closed (an undo can
 * reopen one) and never the item on screen. A written example has no item (transcriptId null).
 */
export function visibleExamples<T extends { transcriptId: string | null; labelCount: number }>(
  examples: T[],
  reviewersPerItem: number,
  currentTranscriptId: string | null,
): T[] {
  return examples.filter((e) => e.labelCount >= reviewersPerItem && (e.transcriptId === null || e.transcriptId !== currentTranscriptId));
}

/** One worked example as the guideline panel shows it: plain, capped strings for React text nodes. */
export interface GuidelineExample {
  id: string;
  expectedValue: string;
  explanation: string;
  taskPrompt: CompactText;
  finalOutput: CompactText | null;
  outputs: { a: CompactText; b: CompactText } | null;
  /** The tool calls the agent made, in order (what an example of "a second refund" is about). */
  toolCalls: ExampleToolCall[];
  /** Tool calls beyond the ones listed. */
  moreToolCalls: number;
}

/** What the guideline panel receives: the examples shown, and how many were held back from this viewer. */
export interface GuidelineExamples {
  examples: GuidelineExample[];
  /** Examples whose content the viewer still has to label somewhere: counted, never described. */
  hiddenPending: number;
}

export interface ExampleToolCall {
  name: string;
  arguments: CompactText | null;
  result: CompactText | null;
  error: string | null;
}

/** A card, not a transcript: this many calls, each text this long. */
export const EXAMPLE_TOOL_CALLS = 12;
const CALL_TEXT = 300;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The tool calls of a stored transcript's messages, capped for an example card; an odd shape gives none. */
export function exampleToolCalls(content: unknown): { calls: ExampleToolCall[]; more: number } {
  const messages = record(content).messages;
  const all = (Array.isArray(messages) ? messages : []).flatMap((m) => {
    const calls = record(m).toolCalls;
    return Array.isArray(calls) ? calls.map(record) : [];
  });
  // One line each: a card shows `issue_refund({"order":7}) → {"refunded":20}`, not an indented document.
  const text = (v: unknown) => (v === undefined || v === null ? null : capText(typeof v === "string" ? v : JSON.stringify(v), CALL_TEXT));
  return {
    calls: all.slice(0, EXAMPLE_TOOL_CALLS).map((call) => ({
      name: typeof call.name === "string" ? call.name : "(unnamed tool)",
      arguments: text(call.arguments),
      result: text(call.result),
      error: typeof call.error === "string" ? call.error.slice(0, CALL_TEXT) : null,
    })),
    more: Math.max(0, all.length - EXAMPLE_TOOL_CALLS),
  };
}
