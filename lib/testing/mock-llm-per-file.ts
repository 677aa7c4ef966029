import type { MockLlmServer } from "../providers/mock-server";

/** The two hooks of a test runner (Vitest's, or Playwright's `test.beforeAll`/`test.afterAll`). */
export interface FileHooks {
  beforeAll(fn: () => Promise<void>): void;
  afterAll(fn: () => Promise<void> | void): void;
}

/**
 * A mock model server for the test file that calls this: `start` runs before its tests and the server
 * closes after them. The returned object reads through to the started server (`server.baseUrl`). No test
 * runner is imported here, so Vitest (lib/testing/mock-llm-hooks.ts) and Playwright (e2e/judge-steps.ts)
 * share it.
 */
export function mockLlmPerFile(hooks: FileHooks, start: () => Promise<MockLlmServer>): MockLlmServer {
  let server: MockLlmServer | undefined;
  hooks.beforeAll(async () => {
    server = await start();
  });
  hooks.afterAll(() => server?.close());
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
