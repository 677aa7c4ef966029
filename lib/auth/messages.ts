import "server-only";
import { FIELD_MESSAGES } from "../schemas/users";
import { SIGN_IN_MESSAGES } from "./options";

const CODES: Record<string, string> = {
  SessionRequired: "Sign in to continue.",
  SessionInvalid: "Your session was invalid or has expired. Sign in again.",
  CredentialsSignin: SIGN_IN_MESSAGES.wrong,
  AccountDisabled: SIGN_IN_MESSAGES.disabled,
  OidcNoEmail: "Your identity provider did not share an email address, which Gavel needs to find your account.",
  OAuthSignin: "Single sign-on could not start. Check the OIDC settings.",
  OAuthCallback: "Single sign-on failed on the way back. Try again.",
  Callback: "Sign-in failed on the way back. Try again.",
  AccessDenied: "Access denied.",
  Configuration: "Sign-in is misconfigured on the server (is NEXTAUTH_SECRET set?).",
};

/**
 * The message for a sign-in error in the URL. Only known codes and Gavel's own messages are shown,
 * so a crafted link cannot put arbitrary text on the sign-in page.
 */
export function signInErrorMessage(error: string | undefined): string | null {
  if (!error) return null;
  if (CODES[error]) return CODES[error];
  const known = new Set<string>([...Object.values(SIGN_IN_MESSAGES), ...Object.values(FIELD_MESSAGES)]);
  return known.has(error) ? error : "Sign-in failed. Try again.";
}
