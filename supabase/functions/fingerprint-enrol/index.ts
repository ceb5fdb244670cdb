// Supabase Edge Function (Deno): the same endpoint the local stack's gateway serves at
// /functions/v1/fingerprint-enrol (src/fingerprint/server/enrol-endpoint.ts, pure TypeScript).
// Deploy: `supabase functions deploy fingerprint-enrol --use-api` (the --use-api bundler follows the
// relative import into src/). Supabase provides SUPABASE_URL, SUPABASE_ANON_KEY and
// SUPABASE_SERVICE_ROLE_KEY to every function; the service key stays inside the function.
// The client's address (the self-enrolment budget per address) is the X-Forwarded-For entry the
// platform's gateway appended (the rightmost), skipping FINGERPRINT_TRUSTED_PROXIES if set: see
// src/fingerprint/server/client-ip.ts.
import { clientIp, parseTrustedProxies } from '../../../src/fingerprint/server/client-ip.ts';
import { handleFingerprintEnrol } from '../../../src/fingerprint/server/enrol-endpoint.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const trustedProxies = parseTrustedProxies(Deno.env.get('FINGERPRINT_TRUSTED_PROXIES'));

Deno.serve((request) =>
  handleFingerprintEnrol(
    request,
    {
      supabaseUrl: required('SUPABASE_URL'),
      anonKey: required('SUPABASE_ANON_KEY'),
      serviceKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    },
    // The platform is the peer (null: trusted); its gateway sets X-Forwarded-For.
    { clientIp: clientIp(request.headers.get('x-forwarded-for'), null, trustedProxies) },
  ),
);
