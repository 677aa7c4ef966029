import { z } from "zod";
import { TOKEN_SCOPE_NAMES, type TokenScope } from "../token-scopes";

const scope = z.enum(TOKEN_SCOPE_NAMES as [TokenScope, ...TokenScope[]], { error: `one of ${TOKEN_SCOPE_NAMES.join(", ")}` });

export const createTokenInput = z.object({
  name: z.string().trim().min(1, 'Name the token (where it is used: "GitHub Actions")').max(100),
  scopes: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(scope).min(1, "Pick at least one scope")),
});

export const revokeTokenInput = z.object({ tokenId: z.string().min(1) });
