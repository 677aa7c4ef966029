import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { currentUser } from "@/lib/auth/session";
import { readSignInBody } from "@/lib/auth/sign-in-body";
import { clientAddress, signInThrottle } from "@/lib/auth/sign-in-guard";
import { recordSignInBlocked } from "@/lib/db/users";

type Context = { params: Promise<{ nextauth: string[] }> };

function nextAuth(request: Request, params: { nextauth: string[] }) {
  // next-auth 4 reads params synchronously; Next 16 hands them over as a promise.
  return NextAuth(request as never, { params } as never, authOptions()) as Promise<Response>;
}

/**
 * GET /api/auth/session answers from the server-side session, not the cookie alone: after sign-out
 * (or a disabled account, or an ended session) a copy of the old cookie gets `{}` like no cookie.
 */
export async function GET(request: Request, context: Context) {
  const params = await context.params;
  if (params.nextauth.join("/") === "session" && !(await currentUser()))
    return Response.json({}, { headers: { "cache-control": "private, no-cache, no-store" } });
  return nextAuth(request, params);
}

/**
 * Password sign-in goes through the sign-in throttle (lib/auth/throttle.ts): a blocked account or
 * address, a second parallel attempt for one account, or too many password checks waiting get a
 * 429 with Retry-After before any password is compared. Each block of an account is audited (user.sign_in_blocked).
 * The body is read once (lib/auth/sign-in-body.ts) and handed to next-auth as read, so the account
 * the throttle counts is the account the credentials check authenticates.
 */
export async function POST(request: Request, context: Context) {
  const params = await context.params;
  if (params.nextauth.join("/") !== "callback/credentials") return nextAuth(request, params);
  const text = await request.text();
  const body = readSignInBody(request.headers.get("content-type"), text);
  if (!body.ok) return Response.json({ error: body.message }, { status: body.status });
  const email = body.identity;
  const address = clientAddress(request.headers);
  const result = await signInThrottle().attempt(email, address, async () => {
    const response = await nextAuth(new NextRequest(request.url, { method: "POST", headers: request.headers, body: text }), params);
    const signedIn = response.headers.getSetCookie().some((cookie) => /session-token=[^;]+/.test(cookie));
    return { outcome: signedIn ? "success" : "failure", value: response };
  });
  if ("refused" in result) {
    const login = new URL(`/login?error=${encodeURIComponent(result.refused.message)}`, process.env.NEXTAUTH_URL ?? request.url);
    // next-auth's client reads `url` and its `error` parameter; the form shows the message.
    return Response.json(
      { url: login.toString(), error: result.refused.message },
      { status: 429, headers: { "retry-after": String(result.refused.retryAfterS) } },
    );
  }
  if (result.finished.blockedAccountForS !== null) await recordSignInBlocked(email, result.finished.blockedAccountForS, address);
  return result.value;
}
