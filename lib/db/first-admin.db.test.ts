import { expect, it } from "vitest";
import { withTestDatabase } from "../testing/test-database";
import { countUsers, createFirstAdmin } from "./users";

withTestDatabase();

it("makes exactly one admin when two people sign up at the same moment", async () => {
  const results = await Promise.allSettled([
    createFirstAdmin({ email: "one@example.com", passwordHash: "x" }),
    createFirstAdmin({ email: "two@example.com", passwordHash: "x" }),
  ]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  expect(await countUsers()).toBe(1);
  const winner = results.find((r) => r.status === "fulfilled");
  expect(winner?.status === "fulfilled" && winner.value.role).toBe("admin");
});
