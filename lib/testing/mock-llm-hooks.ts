import { afterAll, beforeAll } from "vitest";
import type { MockLlmServer } from "../providers/mock-server";

/**
 * A mock model server for the test file that calls this: `start` runs before its tests and the
 * server closes after them. The returned object reads through to the started server (`server.baseUrl`).
 */
export function mockLlmForFile(start: () => Promise<MockLlmServer>): MockLlmServer {
  let server: MockLlmServer | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error("The mock model server starts in beforeAll: read it inside a test.");
    return server;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get port() {
      return started().port;
    },
    get requests() {
      return started().requests;
    },
    close: () => started().close(),
  };
}
