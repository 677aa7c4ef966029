import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user?: { id?: string; sid?: string; email?: string | null; name?: string | null; image?: string | null };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    /** The server-side session (lib/db/sessions.ts) this cookie belongs to. */
    sid?: string;
  }
}
