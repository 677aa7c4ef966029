import "server-only";
import { email as emailSchema } from "../schemas/users";

/**
 * A password sign-in's body, read once, as next-auth reads it (lib: next-auth/next/utils getBody:
 * JSON or URL-encoded form; anything else reaches it as no credentials). The throttle keys on the
 * identity the credentials check will use, so nothing may differ between the two readings: a field
 * sent twice is refused (URLSearchParams → Object.fromEntries keeps the last, a naive reader the
 * first), and the key is the email normalized exactly as the credentials check normalizes it.
 */
export type SignInBody = { ok: true; identity: string } | { ok: false; status: 400 | 415; message: string };

const FIELDS = ["email", "password", "csrfToken", "callbackUrl", "json", "redirect"] as const;

export function readSignInBody(contentType: string | null, text: string): SignInBody {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  let email: unknown;
  if (type === "application/x-www-form-urlencoded") {
    const params = new URLSearchParams(text);
    for (const field of new Set(params.keys())) {
      if (params.getAll(field).length > 1) return { ok: false, status: 400, message: `The sign-in form sent "${field}" more than once.` };
    }
    email = params.get("email");
  } else if (type === "application/json") {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, status: 400, message: "The sign-in request is not valid JSON." };
    }
    if (body === null || typeof body !== "object" || Array.isArray(body))
      return { ok: false, status: 400, message: "The sign-in request must be a JSON object." };
    email = (body as Record<string, unknown>).email;
    for (const field of FIELDS) {
      const value = (body as Record<string, unknown>)[field];
      if (value !== undefined && typeof value !== "string") return { ok: false, status: 400, message: `"${field}" must be text.` };
    }
  } else {
    return { ok: false, status: 415, message: "Send the sign-in as a form (application/x-www-form-urlencoded) or JSON." };
  }
  return { ok: true, identity: signInIdentity(email) };
}

/** The account key: the email as the credentials check sees it, or the raw text when it is not an email. */
export function signInIdentity(raw: unknown): string {
  const text = typeof raw === "string" ? raw : "";
  const parsed = emailSchema.safeParse(text);
  return parsed.success ? parsed.data : text.trim().toLowerCase().slice(0, 320);
}
