/**
 * Cuts a long text from the middle, keeping its beginning (the task, the first steps) and its end
 * (the last steps, the final answer), with a marker that says how much is gone. A judge is never
 * shown a silently shortened transcript.
 */
export function truncateMiddle(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const marker = (cut: number) => `\n[… ${cut.toLocaleString("en-US")} characters cut from the middle by Gavel …]\n`;
  // The marker's own length depends on the number it prints: size it for the longest it can be.
  const room = Math.max(0, maxChars - marker(text.length).length);
  const head = Math.ceil(room / 2);
  const tail = room - head;
  const cut = text.length - head - tail;
  return text.slice(0, head) + marker(cut) + (tail > 0 ? text.slice(text.length - tail) : "");
}
