import { z } from "zod";
import { databaseProvider, databaseUrl, type EnvSource } from "./database-url";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z
  .object({
    DATABASE_URL: z.string().optional(),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    NEXTAUTH_SECRET: optional,
    NEXTAUTH_URL: optional.pipe(z.url({ message: "NEXTAUTH_URL must be a URL such as http://localhost:3000" }).optional()),
    GAVEL_OIDC_ISSUER: optional.pipe(z.url({ message: "GAVEL_OIDC_ISSUER must be the issuer URL" }).optional()),
    GAVEL_OIDC_CLIENT_ID: optional,
    GAVEL_OIDC_CLIENT_SECRET: optional,
    GAVEL_OIDC_NAME: optional,
  })
  .superRefine((value, ctx) => {
    const oidc = [value.GAVEL_OIDC_ISSUER, value.GAVEL_OIDC_CLIENT_ID, value.GAVEL_OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["GAVEL_OIDC_ISSUER"],
        message: "set all of GAVEL_OIDC_ISSUER, GAVEL_OIDC_CLIENT_ID and GAVEL_OIDC_CLIENT_SECRET, or none",
      });
    }
  });

export type Env = z.infer<typeof schema> & {
  databaseUrl: string;
  databaseProvider: "sqlite" | "postgres";
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
};

/** Parses the environment once per distinct input; a bad value fails with the variable's name. */
export function readEnv(source: EnvSource = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  const url = databaseUrl(source);
  return {
    ...value,
    databaseUrl: url,
    databaseProvider: databaseProvider(url),
    oidc:
      value.GAVEL_OIDC_ISSUER && value.GAVEL_OIDC_CLIENT_ID && value.GAVEL_OIDC_CLIENT_SECRET
        ? {
            issuer: value.GAVEL_OIDC_ISSUER,
            clientId: value.GAVEL_OIDC_CLIENT_ID,
            clientSecret: value.GAVEL_OIDC_CLIENT_SECRET,
            name: value.GAVEL_OIDC_NAME ?? "Single sign-on",
          }
        : null,
  };
}

let cached: { source: string; env: Env } | undefined;

export function env(): Env {
  const key = JSON.stringify([
    process.env.DATABASE_URL,
    process.env.NEXTAUTH_SECRET,
    process.env.NEXTAUTH_URL,
    process.env.GAVEL_OIDC_ISSUER,
  ]);
  if (!cached || cached.source !== key) cached = { source: key, env: readEnv() };
  return cached.env;
}
