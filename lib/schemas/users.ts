import { z } from "zod";
import { ROLES } from "../roles";

/** Every message the sign-in form can produce: the sign-in page shows only these from a URL. */
export const FIELD_MESSAGES = {
  emailMissing: "Enter an email address.",
  emailTooLong: "That email address is too long.",
  emailInvalid: "Enter a valid email address, like ada@example.com.",
  passwordMissing: "Enter your password.",
} as const;

export const email = z
  .string({ error: FIELD_MESSAGES.emailMissing })
  .trim()
  .toLowerCase()
  .min(1, FIELD_MESSAGES.emailMissing)
  .max(254, FIELD_MESSAGES.emailTooLong)
  .pipe(z.email({ error: FIELD_MESSAGES.emailInvalid }));

export const password = z
  .string({ error: "Enter a password." })
  .min(12, "Use at least 12 characters for the password.")
  .max(200, "Use at most 200 characters for the password.");

export const role = z.enum(ROLES, { error: "Choose a role: admin, reviewer or viewer." });

export const signInInput = z.object({
  email,
  password: z.string({ error: FIELD_MESSAGES.passwordMissing }).min(1, FIELD_MESSAGES.passwordMissing),
});

export const createUserInput = z.object({
  email,
  name: z
    .string()
    .trim()
    .max(100, "Use at most 100 characters for the name.")
    .optional()
    .transform((v) => v || undefined),
  role,
  /** Left empty, a random password is generated and shown once. */
  password: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(password.optional()),
});

export const changeRoleInput = z.object({
  userId: z.string().min(1, "Missing user id."),
  role,
});

export const setDisabledInput = z.object({
  userId: z.string().min(1, "Missing user id."),
  disabled: z.enum(["true", "false"], { error: "disabled must be true or false." }).transform((v) => v === "true"),
});

export const setAdjudicatorInput = z.object({
  userId: z.string().min(1, "Missing user id."),
  isAdjudicator: z.enum(["true", "false"], { error: "isAdjudicator must be true or false." }).transform((v) => v === "true"),
});

export const signUpInput = z.object({
  email,
  name: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  password,
});

export type CreateUserInput = z.infer<typeof createUserInput>;
