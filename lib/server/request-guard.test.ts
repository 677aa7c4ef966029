import { describe, expect, it } from "vitest";
import {
  crossSiteRefusal,
  jsonContentTypeRefusal,
  lengthRequiredRefusal,
  maxUploadBytes,
  sizeRefusal,
  tooLargeMessage,
} from "./request-guard";

const request = (method: string, url: string, headers: Record<string, string> = {}) => ({
  method,
  url,
  headers: new Headers({ host: new URL(url).host, ...headers }),
});
const APP = "http://127.0.0.1:3000";

describe("crossSiteRefusal", () => {
  it("refuses a cookie-carrying POST to /api/* from a foreign origin, whatever its content type", () => {
    const refused = crossSiteRefusal(
      request("POST", `${APP}/api/users`, {
        origin: "https://evil.example",
        "content-type": "text/plain",
        cookie: "next-auth.session-token=x",
      }),
    );
    expect(refused).toContain("came from https://evil.example");
  });

  it("refuses a foreign server action (any path with a Next-Action header) and a cross-site Sec-Fetch-Site", () => {
    expect(crossSiteRefusal(request("POST", `${APP}/users`, { "next-action": "abc", origin: "https://evil.example" }))).not.toBeNull();
    expect(crossSiteRefusal(request("POST", `${APP}/api/runs`, { "sec-fetch-site": "cross-site" }))).toContain(
      "Sec-Fetch-Site: cross-site",
    );
    expect(crossSiteRefusal(request("DELETE", `${APP}/api/runs/1`, { origin: "null" }))).not.toBeNull();
  });

  it("lets same-origin requests, reads, pages and bearer-token requests through", () => {
    expect(crossSiteRefusal(request("POST", `${APP}/api/users`, { origin: APP, "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(crossSiteRefusal(request("GET", `${APP}/api/runs/1`, { origin: "https://evil.example" }))).toBeNull();
    expect(crossSiteRefusal(request("POST", `${APP}/login`, { origin: "https://evil.example" }))).toBeNull();
    expect(
      crossSiteRefusal(request("POST", `${APP}/api/runs`, { origin: "https://evil.example", authorization: "Bearer gvl_abc" })),
    ).toBeNull();
    // Not a browser: no Origin, no Sec-Fetch-Site (curl, scripts).
    expect(crossSiteRefusal(request("POST", `${APP}/api/runs`))).toBeNull();
  });

  it("counts the forwarded host and NEXTAUTH_URL as the app's own origin", () => {
    expect(
      crossSiteRefusal(
        request("POST", "http://10.0.0.2:3000/api/users", {
          origin: "https://gavel.example",
          "x-forwarded-host": "gavel.example",
          "x-forwarded-proto": "https",
        }),
      ),
    ).toBeNull();
    expect(
      crossSiteRefusal(request("POST", "http://10.0.0.2:3000/api/users", { origin: "https://gavel.example" }), ["https://gavel.example/"]),
    ).toBeNull();
  });
});

describe("sizeRefusal and maxUploadBytes", () => {
  it("refuses a declared length over the limit, naming both sizes and the setting", () => {
    const limit = maxUploadBytes({ GAVEL_MAX_UPLOAD_MB: "50" });
    expect(limit).toBe(50 * 2 ** 20);
    expect(sizeRefusal({ headers: new Headers({ "content-length": String(60 * 2 ** 20) }) }, limit)).toBe(
      "The request body (60 MB) is larger than the limit of 50 MB (GAVEL_MAX_UPLOAD_MB); nothing was read or written. Import larger files with the CLI: gavel import transcripts FILE.",
    );
    expect(sizeRefusal({ headers: new Headers({ "content-length": String(limit) }) }, limit)).toBeNull();
    expect(sizeRefusal({ headers: new Headers() }, limit)).toBeNull();
  });

  it("defaults to 50 MB and rejects a setting that is not a positive number", () => {
    expect(maxUploadBytes({})).toBe(50 * 2 ** 20);
    expect(() => maxUploadBytes({ GAVEL_MAX_UPLOAD_MB: "lots" })).toThrow(
      'GAVEL_MAX_UPLOAD_MB must be a positive number of megabytes, not "lots"',
    );
  });
});

describe("jsonContentTypeRefusal", () => {
  it("takes application/json with or without parameters, and +json types", () => {
    expect(jsonContentTypeRefusal("application/json")).toBeNull();
    expect(jsonContentTypeRefusal("Application/JSON; charset=utf-8")).toBeNull();
    expect(jsonContentTypeRefusal("application/merge-patch+json")).toBeNull();
  });

  it("refuses the types a foreign page can send without a preflight, and a missing type, naming what came", () => {
    expect(jsonContentTypeRefusal("text/plain")).toContain('got "text/plain"');
    expect(jsonContentTypeRefusal("application/x-www-form-urlencoded")).toContain("Content-Type: application/json");
    expect(jsonContentTypeRefusal("multipart/form-data; boundary=x")).toContain('got "multipart/form-data"');
    expect(jsonContentTypeRefusal(null)).toContain("got none");
    expect(jsonContentTypeRefusal("application/jsonp")).not.toBeNull();
  });
});

describe("tooLargeMessage", () => {
  it("gives bytes when the size and the limit round to the same megabytes", () => {
    expect(tooLargeMessage(50 * 2 ** 20, 50 * 2 ** 20 + 1)).toMatch(
      /^The request body \(52,428,801 bytes\) is larger than the limit of 52,428,800 bytes \(50 MB\)/,
    );
    expect(tooLargeMessage(50 * 2 ** 20, 60 * 2 ** 20)).toMatch(/^The request body \(60 MB\) is larger than the limit of 50 MB /);
  });
});

describe("lengthRequiredRefusal", () => {
  const action = (headers: Record<string, string>) => ({ method: "POST", headers: new Headers({ "next-action": "abc", ...headers }) });
  it("refuses a server action sent chunked with no Content-Length", () => {
    expect(lengthRequiredRefusal(action({ "transfer-encoding": "chunked" }))).toMatch(/Content-Length/);
  });
  it("lets through actions with a length, and everything that is not an action", () => {
    expect(lengthRequiredRefusal(action({ "content-length": "10" }))).toBeNull();
    expect(lengthRequiredRefusal({ method: "POST", headers: new Headers({ "transfer-encoding": "chunked" }) })).toBeNull();
  });
});
