/**
 * What the sign-in form says when signing in did not work for a reason other than the credentials.
 *
 * next-auth's `signIn` throws both when no answer came (the server is down, the network is out) and when
 * the server answered with an error page instead of JSON (a 500: say, the session row could not be
 * written). Those are different advice — check your connection, or try again in a moment — so the form
 * asks the health endpoint, which answers whenever the server runs, which of the two it was.
 */
export const SIGN_IN_FAILURE = {
  serverFailed: "The server could not sign you in just now (it failed, not your password). Try again in a moment.",
  unreachable: "Could not reach the server. Check your connection and try again.",
} as const;

/** What next-auth's `signIn` resolves to with `redirect: false` (undefined when it navigated away itself). */
export interface SignInResponse {
  ok: boolean;
  error?: string | null;
  status: number;
}

/**
 * The form's message for a finished sign-in attempt that did not sign in: null for none (signed in),
 * "explain" when only a probe of the server can tell what went wrong, or the text to show.
 */
export function signInMessage(result: SignInResponse | undefined): string | null | "explain" {
  if (!result) return "explain";
  if (result.ok && !result.error) return null;
  // A 5xx that still came back as JSON: the server answered, and failed.
  if (result.status >= 500) return SIGN_IN_FAILURE.serverFailed;
  // The credentials check's own messages (wrong password, disabled account, a missing field) and the throttle's.
  return result.error && result.error !== "CredentialsSignin" ? result.error : "Wrong email or password.";
}

/** Whether the server answers at all: any HTTP answer from /api/health, a 503 included, says it runs. */
export async function serverAnswers(fetcher: typeof fetch = fetch, timeoutMs = 5_000): Promise<boolean> {
  try {
    await fetcher("/api/health", { cache: "no-store", signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

/** The message after `signIn` threw or gave no answer: the server failed, or could not be reached. */
export async function explainSignInFailure(answers: () => Promise<boolean> = () => serverAnswers()): Promise<string> {
  return (await answers()) ? SIGN_IN_FAILURE.serverFailed : SIGN_IN_FAILURE.unreachable;
}
