import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { signInInput } from "../schemas/users";
import { createSession, endSession } from "../db/sessions";
import { createUser, findUserByEmail, findUserForSignIn } from "../db/users";
import { env } from "../env";
import { burnPasswordCheck, verifyPassword } from "./password";
import { safeRedirect } from "./redirect";

/** How long a session lasts; each also has a row in the database that sign-out deletes. */
export const SESSION_MAX_AGE_S = 12 * 60 * 60;

export const SIGN_IN_MESSAGES = {
  wrong: "Wrong email or password.",
  disabled: "This account is disabled. Ask an admin to enable it.",
} as const;

export async function authorizeCredentials(raw: Record<string, unknown> | undefined) {
  const parsed = signInInput.safeParse({ email: raw?.email ?? "", password: raw?.password ?? "" });
  // next-auth passes an Error's message back to the sign-in form; a missing field names itself.
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Enter your email and password.");
  const { email, password } = parsed.data;
  const user = await findUserForSignIn(email);
  if (!user || !user.passwordHash) {
    await burnPasswordCheck(password);
    throw new Error(SIGN_IN_MESSAGES.wrong);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw new Error(SIGN_IN_MESSAGES.wrong);
  if (user.disabledAt) throw new Error(SIGN_IN_MESSAGES.disabled);
  return { id: user.id, email: user.email, name: user.name };
}

function oidcProvider() {
  const oidc = env().oidc;
  if (!oidc) return [];
  return [
    {
      id: "oidc",
      name: oidc.name,
      type: "oauth" as const,
      wellKnown: `${oidc.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce" as const, "state" as const],
      profile(profile: { sub: string; email?: string; name?: string }) {
        return { id: profile.sub, email: profile.email?.toLowerCase() ?? null, name: profile.name ?? null };
      },
    },
  ];
}

export function authOptions(): NextAuthOptions {
  return {
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    secret: process.env.NEXTAUTH_SECRET,
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: authorizeCredentials,
      }),
      ...oidcProvider(),
    ],
    callbacks: {
      // A malformed callbackUrl (form field, query or cookie) falls back to the root, never a 500.
      redirect: ({ url, baseUrl }) => safeRedirect(url, baseUrl),
      async signIn({ user, account }) {
        if (account?.provider !== "oidc") return true;
        // Single sign-on: a known email signs in as that user; a new one joins as a viewer.
        const email = user.email?.toLowerCase();
        if (!email) return "/login?error=OidcNoEmail";
        const existing = await findUserByEmail(email);
        if (existing?.disabledAt) return "/login?error=AccountDisabled";
        if (!existing) await createUser({ email, name: user.name ?? undefined, role: "viewer", passwordHash: null }, null);
        return true;
      },
      async jwt({ token, user, account }) {
        if (user && account?.provider === "oidc" && user.email) {
          const dbUser = await findUserByEmail(user.email.toLowerCase());
          if (dbUser) token.uid = dbUser.id;
        } else if (user) {
          token.uid = user.id;
        }
        // A new sign-in gets its own server-side session: the cookie is only as good as that row.
        if (user && typeof token.uid === "string") token.sid = await createSession(token.uid, SESSION_MAX_AGE_S);
        return token;
      },
      async session({ session, token }) {
        if (session.user && typeof token.uid === "string") session.user.id = token.uid;
        if (session.user && typeof token.sid === "string") session.user.sid = token.sid;
        return session;
      },
    },
    events: {
      // Signing out ends the session on the server too: a copy of the old cookie no longer works.
      async signOut({ token }) {
        if (typeof token?.sid === "string") await endSession(token.sid);
      },
    },
    logger: {
      // One line per problem, without stack traces: a tampered cookie is not a crash.
      error(code, metadata) {
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: string })?.message;
        console.warn(`[auth] ${code}${message ? `: ${message}` : ""}`);
      },
      warn(code) {
        if (code !== "DEBUG_ENABLED") console.warn(`[auth] ${code}`);
      },
      debug() {},
    },
  };
}
