import { unzipSync } from "fflate";
import { decodeUtf8 } from "../../text/utf8";
import { readJsonDocument } from "../json-text";

/**
 * Inspect AI's .eval log (its default format): a zip archive of header.json (version, status, eval,
 * plan, results, stats) and one samples/<id>_epoch_<n>.json per sample (inspect_ai/log/_recorders/
 * eval.py). Read from the bytes with fflate; the samples in Inspect's order (epoch, then id). Every
 * problem is named by the entry it is in.
 */
export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const SAMPLE = /^samples\/(.+)_epoch_(\d+)\.json$/;
const collator = new Intl.Collator("en", { numeric: true });

export function readEvalArchive(bytes: Uint8Array): { log: Record<string, unknown> } | { errors: string[] } {
  if (!isZip(bytes)) return { errors: ["not an Inspect .eval archive (a zip file): expected it to start with PK"] };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name === "header.json" || SAMPLE.test(f.name) });
  } catch (error) {
    return { errors: [`the .eval archive cannot be read as a zip (${error instanceof Error ? error.message : String(error)})`] };
  }
  const errors: string[] = [];
  const json = (name: string): unknown => {
    const text = decodeUtf8(files[name]!);
    if (!text.ok) return void errors.push(`${name}: ${text.error}`);
    const read = readJsonDocument(text.text);
    if ("error" in read) return void errors.push(`${name}: ${read.error}`);
    return read.value;
  };
  if (!files["header.json"]) return { errors: ["the .eval archive has no header.json: is it an Inspect log?"] };
  const header = json("header.json");
  const names = Object.keys(files)
    .filter((n) => SAMPLE.test(n))
    .sort((a, b) => {
      const [, idA, epochA] = SAMPLE.exec(a)!;
      const [, idB, epochB] = SAMPLE.exec(b)!;
      return Number(epochA) - Number(epochB) || collator.compare(idA!, idB!);
    });
  const samples = names.map(json);
  if (errors.length) return { errors };
  if (header === null || typeof header !== "object" || Array.isArray(header)) return { errors: ["header.json: expected an object"] };
  return { log: { ...(header as Record<string, unknown>), samples } };
}
