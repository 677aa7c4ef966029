/**
 * Which messages of a conversation the labeling page shows: a long one is collapsed in the middle, so
 * its start (the request) and its end (what the agent finally did) are both on screen and the final
 * output below it is not pushed a dozen screens down. Expanding shows the middle in steps.
 */
export const HEAD_MESSAGES = 3;
export const TAIL_MESSAGES = 3;
export const MIDDLE_STEP = 100;

export interface ConversationWindow {
  /** Messages [0, head) are shown, then a fold, then [tail, total). */
  head: number;
  tail: number;
  /** Messages folded away in the middle (tail - head); 0 when everything is shown. */
  hidden: number;
}

/**
 * `revealed` is how many middle messages the reviewer has asked to see (they follow the head). A fold
 * that would hide only one or two messages is not worth its button: then everything is shown.
 */
export function conversationWindow(total: number, revealed = 0): ConversationWindow {
  const head = Math.min(total, HEAD_MESSAGES + Math.max(0, revealed));
  const tail = Math.max(head, total - TAIL_MESSAGES);
  if (tail - head <= 2) return { head: total, tail: total, hidden: 0 };
  return { head, tail, hidden: tail - head };
}
