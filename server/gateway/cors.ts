// CORS as Supabase answers it: any origin, the requested headers echoed, and the
// response headers supabase-js and Refine read exposed to the page.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const EXPOSED_HEADERS =
  'Content-Range, X-Supabase-Api-Version, X-Total-Count, Link, Preference-Applied, Content-Profile, Range-Unit, Location';

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    // Lower-case names so they replace PostgREST's own CORS headers instead of doubling them.
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'Origin',
  };
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    ...corsHeaders(req),
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      req.headers['access-control-request-headers'] ??
      'authorization, apikey, content-type, prefer, range, x-client-info, accept-profile, content-profile',
    'Access-Control-Max-Age': '86400',
    'Content-Length': '0',
  });
  res.end();
}
