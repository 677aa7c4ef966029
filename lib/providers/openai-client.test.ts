import { describe, expect, it } from "vitest";
import { openAiClient } from "./openai-client";

/** A fetch that records what the client sent and answers one empty model list; nothing leaves the process. */
function recordingFetch() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return new Response(JSON.stringify({ object: "list", data: [] }), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { calls, fetch };
}

describe("the one OpenAI client (judges and agents)", () => {
  it("sends the key it was given, to the base URL it was given, and never follows a redirect", async () => {
    const { calls, fetch } = recordingFetch();
    const client = openAiClient({ baseUrl: "http://127.0.0.1:9/v1//", apiKey: "sk-test", maxRetries: 3, fetch });
    expect(client.baseURL).toBe("http://127.0.0.1:9/v1");
    expect(client.maxRetries).toBe(3);
    await client.models.list();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("http://127.0.0.1:9/v1/models");
    expect(calls[0]!.init.redirect).toBe("manual");
    const sent = new Headers(calls[0]!.init.headers);
    expect(sent.get("authorization")).toBe("Bearer sk-test");
    expect(sent.get("openai-organization")).toBeNull();
    expect(sent.get("openai-project")).toBeNull();
  });

  it("keyless, sends no authorization header at all (and reads no key from the environment)", async () => {
    const { calls, fetch } = recordingFetch();
    const before = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-from-env";
    try {
      await openAiClient({ baseUrl: "http://127.0.0.1:9/v1", apiKey: undefined, maxRetries: 0, fetch }).models.list();
    } finally {
      if (before === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = before;
    }
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBeNull();
  });
});
