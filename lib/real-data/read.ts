import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseHanna, type HannaData } from "./hanna";
import { DatasetError } from "./issues";
import { parseLlmbar, type LlmbarSubset } from "./llmbar";

/** Reads an LLMBar folder (every .json file under it, by relative path) and parses it. */
export function readLlmbar(dir: string): LlmbarSubset[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new DatasetError([{ file: dir, message: "is not a folder (give the LLMBar folder, e.g. datasets/llmbar)" }]);
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "dataset.json" || entry.name === "result.json")
        files.set(path.relative(dir, full).split(path.sep).join("/"), readFileSync(full, "utf8"));
    }
  };
  walk(dir);
  try {
    return parseLlmbar(files);
  } catch (error) {
    // The parser names files relative to the folder; the person typed the folder, so name it too.
    if (error instanceof DatasetError)
      throw new DatasetError(error.issues.map((issue) => ({ ...issue, file: path.join(dir, issue.file) })));
    throw error;
  }
}

export function readHanna(file: string): HannaData {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new DatasetError([{ file, message: "no such file (give hanna_metric_scores_llm.csv)" }]);
  return parseHanna(readFileSync(file, "utf8"), file);
}
