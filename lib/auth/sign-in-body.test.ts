import { describe, expect, it } from "vitest";
import { readSignInBody } from "./sign-in-body";

const form = "application/x-www-form-urlencoded";

describe("readSignInBody", () => {
  it("keys a form sign-in on the normalized email", () => {
    expect(readSignInBody(form, "email=%20Victim%40Example.com%20&password=x&csrfToken=t")).toEqual({
      ok: true,
      identity: "victim@example.com",
    });
  });

  it("refuses a field sent twice, so the throttle and the credentials check cannot read different accounts", () => {
    expect(readSignInBody(form, "email=decoy-1%40x.io&email=victim%40x.io&password=guess")).toEqual({
      ok: false,
      status: 400,
      message: 'The sign-in form sent "email" more than once.',
    });
    expect(readSignInBody(form, "email=a%40x.io&password=1&password=2")).toMatchObject({ ok: false, status: 400 });
  });

  it("keys a JSON sign-in on its email like a form's", () => {
    expect(readSignInBody("application/json; charset=utf-8", JSON.stringify({ email: "Victim@x.io", password: "g" }))).toEqual({
      ok: true,
      identity: "victim@x.io",
    });
  });

  it("refuses JSON that is not an object of text fields", () => {
    expect(readSignInBody("application/json", "[1]")).toMatchObject({ ok: false, status: 400 });
    expect(readSignInBody("application/json", "{")).toMatchObject({ ok: false, status: 400 });
    expect(readSignInBody("application/json", JSON.stringify({ email: ["a@x.io"], password: "g" }))).toMatchObject({
      ok: false,
      status: 400,
      message: '"email" must be text.',
    });
  });

  it("refuses other content types (next-auth would read no credentials from them)", () => {
    expect(readSignInBody("multipart/form-data; boundary=x", "")).toMatchObject({ ok: false, status: 415 });
    expect(readSignInBody(null, "email=a")).toMatchObject({ ok: false, status: 415 });
  });
});
