/**
 * Text for a terminal: control characters other than newline and tab (ESC, BEL, the C1 range, …)
 * are shown as \uXXXX, so a field name or a message taken from an untrusted file cannot move the
 * cursor, retitle the window (OSC) or hide what came before it.
 */
export function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
