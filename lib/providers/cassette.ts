import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { contentHash } from "../hash";
import { readAnthropicAnswer } from "./anthropic";
import { readOpenAiAnswer } from "./openai-compatible";
import { ProviderError, type ChatRequest, type ChatResponse, type ModelProvider } from "./types";

/**
 * Record and replay. Every model call can be written to a cassette keyed by the sha256 of the
 * canonical request (model, system prompt, messages, temperature, max tokens, seed): the provider
 * and endpoint are left out on purpose, so a replay judge with the same model, prompt and params
 * answers from what an OpenAI or Anthropic judge recorded. Tests and the demo need no network.
 */
export function requestHash(request: ChatRequest): string {
  // responseFormat joins the key only when set, so every answer recorded before structured outputs still replays.
  const format = request.responseFormat ? { responseFormat: request.responseFormat } : {};
  return contentHash({
    cassette: 1,
    model: request.model,
    system: request.system,
    messages: request.messages,
    temperature: request.temperature,
    maxTokens: request.maxTokens,
    seed: request.seed,
    ...format,
  });
}

const entrySchema = z.object({
  requestHash: z.string().regex(/^[0-9a-f]{64}$/, "requestHash must be a sha256 hex digest"),
  provider: z.string(),
  request: z.unknown(),
  response: z.object({ text: z.string(), tokensIn: z.number().nullable(), tokensOut: z.number().nullable(), raw: z.string() }),
  recordedAt: z.string(),
});
const fileSchema = z.object({ format: z.literal("gavel-cassette"), version: z.literal(1), entries: z.array(entrySchema) });

export type CassetteEntry = z.infer<typeof entrySchema>;

export interface CassetteStore {
  get(hash: string): Promise<CassetteEntry | undefined>;
  put(entry: CassetteEntry): Promise<void>;
}

export function readCassetteFile(file: string): CassetteEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Cassette ${file} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Cassette ${file} is malformed at ${issue.path.join(".") || "the top level"}: ${issue.message}`);
  }
  return parsed.data.entries;
}

/** A cassette in one JSON file; put() rewrites the file atomically (entries sorted, so diffs stay small). */
export function fileCassette(file: string): CassetteStore {
  const entries = new Map<string, CassetteEntry>();
  if (existsSync(file)) for (const entry of readCassetteFile(file)) entries.set(entry.requestHash, entry);
  let writing: Promise<void> = Promise.resolve();
  return {
    async get(hash) {
      return entries.get(hash);
    },
    put(entry) {
      entries.set(entry.requestHash, entry);
      writing = writing.then(() => {
        const sorted = [...entries.values()].sort((a, b) => a.requestHash.localeCompare(b.requestHash));
        mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, `${JSON.stringify({ format: "gavel-cassette", version: 1, entries: sorted }, null, 2)}\n`);
        renameSync(temp, file);
      });
      return writing;
    },
  };
}

/** Every *.json cassette in a folder, read-only (a missing folder is an empty cassette). */
export function folderCassettes(dir: string): CassetteStore {
  const entries = new Map<string, CassetteEntry>();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith(".json"))
      .sort()) {
      for (const entry of readCassetteFile(path.join(dir, name))) entries.set(entry.requestHash, entry);
    }
  }
  return {
    async get(hash) {
      return entries.get(hash);
    },
    async put() {
      throw new Error("folderCassettes is read-only: record to a single file");
    },
  };
}

/** The first store that knows the request answers it. */
export function chainCassettes(...stores: CassetteStore[]): CassetteStore {
  return {
    async get(hash) {
      for (const store of stores) {
        const found = await store.get(hash);
        if (found) return found;
      }
      return undefined;
    },
    async put(entry) {
      if (!stores[0]) throw new Error("chainCassettes: no store to record into");
      await stores[0].put(entry);
    },
  };
}

/** Wraps a live provider so every successful answer is also written to the cassette. */
export function recordingProvider(inner: ModelProvider, store: CassetteStore, now: () => Date = () => new Date()): ModelProvider {
  return {
    name: inner.name,
    async complete(request, options) {
      const response = await inner.complete(request, options);
      await store.put({
        requestHash: requestHash(request),
        provider: inner.name,
        request,
        response: { text: response.text, tokensIn: response.tokensIn, tokensOut: response.tokensOut, raw: response.raw },
        recordedAt: now().toISOString(),
      });
      return response;
    },
  };
}

/** Answers only from the cassette; an unrecorded request is an error (never a made-up verdict). */
export function replayProvider(store: CassetteStore): ModelProvider {
  return {
    name: "replay",
    async complete(request) {
      const hash = requestHash(request);
      const entry = await store.get(hash);
      if (!entry) {
        throw new ProviderError(
          "cassette_miss",
          `No recorded answer for this request (request hash ${hash.slice(0, 12)}…): record it first with a live provider.`,
          { rawRequest: request },
        );
      }
      return { ...entry.response, rawRequest: request, replayed: true } satisfies ChatResponse;
    },
  };
}

/** The text of a recorded raw body of either API (used to replay verdicts stored in the database). */
export function readRecordedAnswer(raw: string): Pick<ChatResponse, "text" | "tokensIn" | "tokensOut"> | null {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  for (const read of [readOpenAiAnswer, readAnthropicAnswer]) {
    try {
      return read(body, raw, null);
    } catch {
      // try the other format
    }
  }
  return null;
}
