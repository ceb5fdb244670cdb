// Step-up for sensitive actions, in one place for every screen: the database refuses an aal1
// session of a person with a factor with hint 'mfa_required' (app.require_aal2); this fetch wrapper
// of the Supabase client sees that answer, asks for the code (the prompt the signed-in shell
// registers), and sends the same request again with the raised session. Cancelled, the screen gets
// the refusal as before and shows its message.

/** Asks for the code; resolves with the new access token, or null when the person cancels. */
export type CodePrompt = () => Promise<string | null>;

let prompt: CodePrompt | null = null;
let pending: Promise<string | null> | null = null;

/** The shell registers its prompt while it is mounted; the returned function unregisters it. */
export function registerCodePrompt(next: CodePrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/** Several refused requests at once share one prompt. */
function askOnce(): Promise<string | null> {
  if (!prompt) return Promise.resolve(null);
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}

async function refusalHint(response: Response): Promise<string | null> {
  if (response.status !== 401 && response.status !== 403) return null;
  try {
    const body = (await response.clone().json()) as { hint?: unknown };
    return typeof body?.hint === 'string' ? body.hint : null;
  } catch {
    return null;
  }
}

const isRest = (input: RequestInfo | URL) =>
  (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).includes('/rest/v1/');

export function withStepUp(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (!isRest(input) || (await refusalHint(response)) !== 'mfa_required') return response;
    const token = await askOnce();
    if (!token) return response;
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return base(input, { ...init, headers });
  };
}
