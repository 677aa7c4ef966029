import { describe, expect, it } from "vitest";
import { decodeUtf8 } from "./utf8";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));

describe("decodeUtf8", () => {
  it("decodes valid UTF-8, multi-byte characters included, and drops a byte-order mark", () => {
    expect(decodeUtf8(bytes([0xef, 0xbb, 0xbf], '{"a":"é€😀"}\n'))).toEqual({ ok: true, text: '{"a":"é€😀"}\n' });
  });

  it("names the line of an invalid byte instead of storing U+FFFD", () => {
    const result = decodeUtf8(bytes('{"a":1}\n{"b":2}\n{"c":"', [0xff, 0xfe], '"}\n'));
    expect(result).toEqual({ ok: false, error: "line 3: not valid UTF-8. Save the file as UTF-8 and try again." });
  });

  it("rejects an encoded lone surrogate (CESU-8) and a truncated sequence at the end", () => {
    expect(decodeUtf8(bytes('"x"\n"', [0xed, 0xa0, 0x80], '"'))).toMatchObject({ ok: false, error: expect.stringContaining("line 2") });
    expect(decodeUtf8(bytes("ok", [0xe2, 0x82]))).toMatchObject({ ok: false, error: expect.stringContaining("line 1") });
  });
});
