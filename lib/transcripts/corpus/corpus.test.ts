import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTranscriptFile } from "../parse";
import { applyScoreMapping, parseScoreMapFile } from "../score-mapping";
import type { ImportItem } from "../types";

/**
 * The fidelity corpus (README.md beside this file): every real peer file imports exactly as its
 * hand-written expectation says.
 */
const root = import.meta.dirname;
const projects = readdirSync(root).filter((name) => statSync(path.join(root, name)).isDirectory());
const isCorpusFile = (name: string) =>
  !name.endsWith(".expected.json") && name !== "LICENSE" && name !== "SOURCES.md" && !name.startsWith(".");

interface ExpectedItem {
  transcript: Record<string, unknown> & { content: Record<string, unknown> };
  metadataKeys?: string[];
  verdicts?: unknown[];
  scores?: unknown[];
  unmapped?: string[];
}
interface Expected {
  format: string;
  items: ExpectedItem[];
  skipped?: { where: string; why: string }[];
  /** A score mapping file's text (YAML), and the verdicts it must give per item. */
  mapping?: string;
  mappedVerdicts?: { judge: string; value: string }[][];
}

/** The file's bytes, as the CLI, the import form and the API hand them over (a .eval log is a zip). */
function importCorpusFile(file: string) {
  return parseTranscriptFile(readFileSync(file), "auto", path.basename(file));
}

function comparable(item: ImportItem, expected: ExpectedItem) {
  const { metadata, ...content } = item.transcript.content as Record<string, unknown> & { metadata?: Record<string, unknown> };
  const transcript = expected.metadataKeys
    ? { ...item.transcript, content }
    : { ...item.transcript, content: metadata === undefined ? content : { ...content, metadata } };
  return {
    transcript,
    ...(expected.metadataKeys ? { metadataKeys: Object.keys(metadata ?? {}).sort() } : {}),
    verdicts: item.verdicts,
    ...(expected.scores ? { scores: item.scores ?? [] } : {}),
    ...(expected.unmapped ? { unmapped: [...(item.unmapped ?? [])].sort() } : {}),
  };
}

it("every project folder holds at least one real file", () => {
  for (const project of projects) expect(readdirSync(path.join(root, project)).filter(isCorpusFile).length, project).toBeGreaterThan(0);
});

describe.each(projects)("corpus: %s", (project) => {
  const dir = path.join(root, project);
  const files = readdirSync(dir).filter(isCorpusFile);
  const sources = readFileSync(path.join(dir, "SOURCES.md"), "utf8");

  it("has a licence, and every file is named in SOURCES.md with an expectation", () => {
    expect(statSync(path.join(dir, "LICENSE")).isFile()).toBe(true);
    for (const file of files) {
      expect(sources, `${project}/SOURCES.md names ${file}`).toContain(file);
      expect(statSync(path.join(dir, `${file}.expected.json`)).isFile(), `${file}.expected.json`).toBe(true);
    }
  });

  it.each(files)("%s imports as expected", (file) => {
    const expected = JSON.parse(readFileSync(path.join(dir, `${file}.expected.json`), "utf8")) as Expected;
    const result = importCorpusFile(path.join(dir, file));
    expect(result.ok ? [] : result.errors).toEqual([]);
    if (!result.ok) return;
    expect(result.format).toBe(expected.format);
    expect(result.items.map((item, i) => comparable(item, expected.items[i] ?? { transcript: { content: {} } }))).toEqual(
      expected.items.map((item) => ({
        ...item,
        ...(item.metadataKeys ? { metadataKeys: [...item.metadataKeys].sort() } : {}),
        verdicts: item.verdicts ?? [],
        ...(item.unmapped ? { unmapped: [...item.unmapped].sort() } : {}),
      })),
    );
    if (expected.skipped) expect(result.skipped ?? []).toEqual(expected.skipped);
    if (expected.mapping) {
      const mapping = parseScoreMapFile(expected.mapping);
      if ("errors" in mapping) throw new Error(mapping.errors.join("; "));
      const mapped = applyScoreMapping(result.items, mapping);
      expect(mapped.ok ? [] : mapped.errors).toEqual([]);
      if (mapped.ok)
        expect(mapped.items.map((i) => i.verdicts.map((v) => ({ judge: v.judge, value: v.value })))).toEqual(expected.mappedVerdicts);
    }
  });
});
