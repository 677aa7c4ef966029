import { beforeEach, describe, expect, it, vi } from "vitest";

const requireRole = vi.fn();
const findQueue = vi.fn();
class NotFound extends Error {
  digest = "NEXT_HTTP_ERROR_FALLBACK;404";
}
class Forbidden extends Error {
  digest = "NEXT_HTTP_ERROR_FALLBACK;403";
}
vi.mock("@/lib/auth/session", () => ({ requireRole: (scope: string) => requireRole(scope) }));
vi.mock("@/lib/db/agreement", () => ({ findQueue: (id: string) => findQueue(id) }));
vi.mock("next/navigation", () => ({
  notFound: () => {
    throw new NotFound("not found");
  },
}));

const { requireQueue, requireQueueTab } = await import("./require-queue");

describe("requireQueue", () => {
  beforeEach(() => {
    requireRole.mockReset();
    findQueue.mockReset();
  });

  it("checks the role before it looks the queue up: a visitor without the scope gets the 403 and learns nothing of the queue", async () => {
    requireRole.mockRejectedValue(new Forbidden("forbidden"));
    await expect(requireQueue("labels:adjudicate", Promise.resolve({ queueId: "q1" }))).rejects.toThrow(Forbidden);
    expect(requireRole).toHaveBeenCalledWith("labels:adjudicate");
    expect(findQueue).not.toHaveBeenCalled();
  });

  it("is a 404 for a queue that does not exist", async () => {
    requireRole.mockResolvedValue({ id: "u1", role: "admin" });
    findQueue.mockResolvedValue(null);
    await expect(requireQueue("read", Promise.resolve({ queueId: "missing" }))).rejects.toThrow(NotFound);
    expect(findQueue).toHaveBeenCalledWith("missing");
  });

  it("returns the user and the queue", async () => {
    requireRole.mockResolvedValue({ id: "u1", role: "adjudicator" });
    findQueue.mockResolvedValue({ id: "q1", name: "refunds" });
    expect(await requireQueue("labels:adjudicate", Promise.resolve({ queueId: "q1" }))).toEqual({
      user: { id: "u1", role: "adjudicator" },
      queue: { id: "q1", name: "refunds" },
    });
  });

  it.each([
    ["agreement", "read"],
    ["items", "labels:adjudicate"],
    ["adjudicate", "labels:adjudicate"],
    ["gold", "labels:adjudicate"],
    ["rubric", "queues:manage"],
  ] as const)("guards the %s tab with the scope its tab names (%s) and hands the header the tab", async (tab, scope) => {
    requireRole.mockResolvedValue({ id: "u1", role: "admin" });
    findQueue.mockResolvedValue({ id: "q1", name: "refunds" });
    expect(await requireQueueTab(tab, Promise.resolve({ queueId: "q1" }))).toEqual({
      user: { id: "u1", role: "admin" },
      queue: { id: "q1", name: "refunds" },
      tab,
    });
    expect(requireRole).toHaveBeenCalledWith(scope);
  });
});
