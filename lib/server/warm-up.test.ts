import { describe, expect, it } from "vitest";
import { WARM_UP_SEGMENT, warmUpPaths } from "./warm-up";

describe("warmUpPaths", () => {
  it("asks for every page once, dynamic segments filled, after the sign-in route; no API route, no Next-internal page", () => {
    const paths = warmUpPaths({
      "/(workbench)/runs/page": "/runs",
      "/(workbench)/runs/[id]/page": "/runs/[id]",
      "/(workbench)/judges/versions/[versionId]/items/[transcriptId]/page": "/judges/versions/[versionId]/items/[transcriptId]",
      "/(auth)/login/page": "/login",
      "/docs/[...slug]/page": "/docs/[...slug]",
      "/help/[[...topic]]/page": "/help/[[...topic]]",
      "/page": "/",
      "/api/runs/route": "/api/runs",
      "/api/auth/[...nextauth]/route": "/api/auth/[...nextauth]",
      "/_not-found/page": "/_not-found",
      "/_global-error/page": "/_global-error",
    });
    expect(paths).toEqual([
      "/api/auth/session",
      "/",
      `/docs/${WARM_UP_SEGMENT}`,
      "/help",
      `/judges/versions/${WARM_UP_SEGMENT}/items/${WARM_UP_SEGMENT}`,
      "/login",
      "/runs",
      `/runs/${WARM_UP_SEGMENT}`,
    ]);
  });
});
