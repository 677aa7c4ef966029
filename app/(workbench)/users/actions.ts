"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/auth/action";
import { generatePassword, hashPassword } from "@/lib/auth/password";
import { changeRole, createUser, findUserById, setAdjudicator, setUserDisabled } from "@/lib/db/users";
import { UserError } from "@/lib/errors";
import { isImportedRater } from "@/lib/users/imported-raters";
import { changeRoleInput, createUserInput, setAdjudicatorInput, setDisabledInput } from "@/lib/schemas/users";

export const createUserAction = defineAction("users:manage", createUserInput, async (input, actor) => {
  const password = input.password ?? generatePassword();
  const user = await createUser(
    { email: input.email, name: input.name, role: input.role, passwordHash: await hashPassword(password) },
    actor.id,
  );
  revalidatePath("/users");
  return {
    message: input.password
      ? `Created ${user.email} (${user.role}).`
      : `Created ${user.email} (${user.role}). Their password, shown only now: ${password}`,
  };
});

/** An imported data set's rater cannot sign in: there is no access to change or take away. */
async function refuseImportedRater(userId: string) {
  const user = await findUserById(userId);
  if (user && isImportedRater(user))
    throw new UserError(
      `${user.email} is an imported rater (a data set's annotator): it cannot sign in, so there is nothing to change.`,
      422,
    );
}

export const changeRoleAction = defineAction("users:manage", changeRoleInput, async (input, actor) => {
  await refuseImportedRater(input.userId);
  const user = await changeRole(input.userId, input.role, actor.id);
  revalidatePath("/users");
  return { message: `${user.email} is now ${user.role}.` };
});

export const setDisabledAction = defineAction("users:manage", setDisabledInput, async (input, actor) => {
  await refuseImportedRater(input.userId);
  const user = await setUserDisabled(input.userId, input.disabled, actor.id);
  revalidatePath("/users");
  return { message: `${user.email} is ${user.disabledAt ? "disabled" : "enabled"}.` };
});

export const setAdjudicatorAction = defineAction("users:manage", setAdjudicatorInput, async (input, actor) => {
  const user = await setAdjudicator(input.userId, input.isAdjudicator, actor.id);
  revalidatePath("/users");
  return { message: user.isAdjudicator ? `${user.email} may adjudicate.` : `${user.email} no longer adjudicates.` };
});
