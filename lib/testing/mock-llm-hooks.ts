import { afterAll, beforeAll } from "vitest";
import type { MockLlmServer } from "../providers/mock-server";
import { mockLlmPerFile } from "./mock-llm-per-file";

/** A mock model server for the Vitest file that calls this, started before its tests and closed after them. */
export function mockLlmForFile(start: () => Promise<MockLlmServer>): MockLlmServer {
  return mockLlmPerFile({ beforeAll, afterAll }, start);
}
