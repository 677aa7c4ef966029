import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

const requireRole = vi.fn();
vi.mock("./session", () => ({ requireRole: (scope: string) => requireRole(scope) }));

const { defineAction } = await import("./action");

class Forbidden extends Error {
  digest = "NEXT_HTTP_ERROR_FALLBACK;403";
}

describe("defineAction", () => {
  const run = vi.fn(async () => ({ message: "done" }));
  const action = defineAction("labels:write", z.object({ value: z.enum(["pass", "fail"]) }), run);

  beforeEach(() => {
    requireRole.mockReset();
    run.mockClear();
  });

  it("checks the role before it parses: a caller without the role gets the 403, never field errors", async () => {
    requireRole.mockRejectedValue(new Forbidden("forbidden"));
    await expect(action(undefined, { value: "not a label" } as never)).rejects.toThrow(Forbidden);
    expect(requireRole).toHaveBeenCalledWith("labels:write");
    expect(run).not.toHaveBeenCalled();
  });

  it("parses after the role check: a bad form from an allowed caller is a 422 naming the field", async () => {
    requireRole.mockResolvedValue({ id: "u1", role: "reviewer" });
    const result = await action(undefined, { value: "maybe" } as never);
    expect(result).toMatchObject({ status: "error", code: 422, fieldErrors: { value: [expect.any(String)] } });
    expect(run).not.toHaveBeenCalled();
  });

  it("runs the work with the parsed input and the user", async () => {
    requireRole.mockResolvedValue({ id: "u1", role: "reviewer" });
    expect(await action(undefined, { value: "pass" })).toEqual({ status: "ok", message: "done", data: undefined });
    expect(run).toHaveBeenCalledWith({ value: "pass" }, { id: "u1", role: "reviewer" });
  });

  it("hands a refused form's text fields back (never a password or token), so a form posted before hydration shows them again", async () => {
    requireRole.mockResolvedValue({ id: "u1", role: "reviewer" });
    const form = new FormData();
    form.set("value", "maybe");
    form.set("note", "kept as typed");
    form.set("password", "hunter2");
    form.set("apiToken", "t0k3n");
    form.set("$ACTION_ID_abc", "");
    form.append("tags", "a");
    form.append("tags", "b");
    const result = await action(undefined, form as never);
    expect(result).toMatchObject({ status: "error", code: 422, values: { value: "maybe", note: "kept as typed" } });
    expect(Object.keys((result as { values: Record<string, string> }).values).sort()).toEqual(["note", "value"]);
  });

  it("refuses a NUL character naming the field, on either database, before any work", async () => {
    requireRole.mockResolvedValue({ id: "u1", role: "reviewer" });
    const withNote = defineAction("labels:write", z.object({ value: z.enum(["pass", "fail"]), note: z.string() }), run);
    const result = await withNote(undefined, { value: "pass", note: "fine\u0000" });
    expect(result).toMatchObject({
      status: "error",
      code: 422,
      fieldErrors: { note: [expect.stringMatching(/NUL character \(U\+0000\)/)] },
    });
    expect(run).not.toHaveBeenCalled();
  });
});
