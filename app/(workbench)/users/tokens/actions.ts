"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { createApiToken, revokeApiToken } from "@/lib/db/api-tokens";
import { createTokenInput, revokeTokenInput } from "@/lib/schemas/api-tokens";

/** The new token is in this response and nowhere else: only its hash is stored. */
export const createTokenAction = defineAction("read", createTokenInput, async (input, user) => {
  const { token, record } = await createApiToken(user, input);
  revalidatePath("/users/tokens");
  return { message: `Created token "${record.name}" (${record.scopes}). Copy it now: it is shown only this once.`, data: { token } };
});

export const revokeTokenAction = defineAction("read", revokeTokenInput, async (input, user) => {
  const token = await revokeApiToken(input.tokenId, user);
  revalidatePath("/users/tokens");
  return { message: `Revoked token "${token.name}" (${token.prefix}…): it no longer works.` };
});
