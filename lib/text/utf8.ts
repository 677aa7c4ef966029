/**
 * Strict UTF-8 for uploaded and imported files: an invalid byte sequence is an error naming its line,
 * never a silent U+FFFD in the stored text. A leading byte-order mark is dropped.
 */
export type Decoded = { ok: true; text: string } | { ok: false; error: string };

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export function decodeUtf8(bytes: Uint8Array): Decoded {
  try {
    return { ok: true, text: fatal.decode(bytes) };
  } catch {
    return { ok: false, error: `${invalidLine(bytes)}: not valid UTF-8. Save the file as UTF-8 and try again.` };
  }
}

/** "line N" (1-based) of the first invalid sequence: lines are decoded one by one until one fails. */
function invalidLine(bytes: Uint8Array): string {
  let start = 0;
  let line = 1;
  const check = new TextDecoder("utf-8", { fatal: true });
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    try {
      check.decode(bytes.subarray(start, end));
    } catch {
      return `line ${line}`;
    }
    start = end + 1;
    line++;
  }
  return "the file";
}
