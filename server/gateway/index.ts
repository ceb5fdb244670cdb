// One HTTP port for everything: the SPA, /rest/v1, /auth/v1, /realtime/v1, /health.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { readBodyWithin, sendJson } from '../http.ts';
import { answerPreflight, corsHeaders } from './cors.ts';
import type { FunctionsHost } from '../functions/index.ts';
import { API_HEADERS, PAGE_HEADERS } from './headers.ts';
import { BODY_LIMITS, declaredTooLarge, limitedApi, refuseTooLarge } from './limits.ts';
import { proxy } from './proxy.ts';
import { serveStatic } from './static.ts';

export type PartState = 'starting' | 'ok' | 'down' | 'off';

/** What the gateway routes to; parts are filled in as the stack starts them. */
export interface GatewayTargets {
  /** Empty until the stack has read its data directory's secret. */
  anonKey: string;
  serviceKey: string;
  staticDir: string;
  restUrl?: string;
  auth?: { handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> };
  realtime?: { handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void };
  /** /functions/v1/<name>: the function endpoints (Supabase's Edge Functions). */
  functions?: FunctionsHost;
  health(): Promise<Record<'postgres' | 'rest' | 'auth' | 'realtime', PartState>>;
}

// Supabase's API gateway answers like this without a valid key.
function checkApiKey(req: IncomingMessage, url: URL, targets: GatewayTargets): string | undefined {
  const key = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
  if (!key) return 'No API key found in request';
  if (!targets.anonKey || (key !== targets.anonKey && key !== targets.serviceKey)) return 'Invalid API key';
  return undefined;
}

/** A request that may carry a body: a declared length, or a chunked transfer. */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const OPEN_AUTH_PATHS = new Set(['/verify', '/health', '/settings']);

export function createGateway(targets: GatewayTargets) {
  const unavailable = (req: IncomingMessage, res: ServerResponse, part: string) =>
    sendJson(res, 503, { message: `${part} is starting, try again in a moment` }, corsHeaders(req));

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const { pathname } = url;
    const api = limitedApi(pathname);
    const isApi = api !== undefined || pathname === '/health' || pathname === '/runtime-config.json';
    for (const [name, value] of Object.entries(isApi ? API_HEADERS : PAGE_HEADERS))
      res.setHeader(name, value);
    if (req.method === 'OPTIONS' && /^\/(rest|auth|realtime|functions)\/v1\//.test(pathname))
      return answerPreflight(req, res);
    // Oversized bodies are refused before any part sees a byte of them: by the declared length at
    // once; a chunked body (no length) is read here up to the limit and passed on only if it fits.
    let body: Buffer | undefined;
    if (api && declaredTooLarge(req, BODY_LIMITS[api]))
      return refuseTooLarge(req, res, BODY_LIMITS[api], corsHeaders(req));
    if (api && hasBody(req) && (api !== 'rest' || req.headers['content-length'] === undefined)) {
      body = await readBodyWithin(req, BODY_LIMITS[api]);
      if (!body) return refuseTooLarge(req, res, BODY_LIMITS[api], corsHeaders(req));
    }

    if (pathname === '/health') {
      const parts = await targets.health();
      const states = Object.values(parts);
      const status = states.includes('down')
        ? 'down'
        : states.every((s) => s === 'ok' || s === 'off')
          ? 'ok'
          : 'starting';
      return sendJson(res, status === 'ok' ? 200 : 503, { status, parts }, corsHeaders(req));
    }
    if (pathname === '/runtime-config.json') {
      // Lets one build of the SPA find the API it was served by.
      const proto = (req.headers['x-forwarded-proto'] as string | undefined) ?? 'http';
      return sendJson(
        res,
        200,
        { supabaseUrl: `${proto}://${req.headers.host}`, anonKey: targets.anonKey },
        {
          'Cache-Control': 'no-cache',
        },
      );
    }
    if (pathname.startsWith('/rest/v1/') || pathname === '/rest/v1') {
      const refused = checkApiKey(req, url, targets);
      if (refused) return sendJson(res, 401, { message: refused }, corsHeaders(req));
      if (!targets.restUrl) return unavailable(req, res, 'REST');
      const target = new URL(pathname.slice('/rest/v1'.length) || '/', targets.restUrl);
      target.search = url.search;
      return proxy(req, res, target, corsHeaders(req), body);
    }
    if (pathname.startsWith('/auth/v1/')) {
      const path = pathname.slice('/auth/v1'.length);
      if (!OPEN_AUTH_PATHS.has(path)) {
        const refused = checkApiKey(req, url, targets);
        if (refused) return sendJson(res, 401, { message: refused }, corsHeaders(req));
      }
      if (!targets.auth) return unavailable(req, res, 'Auth');
      for (const [name, value] of Object.entries(corsHeaders(req))) res.setHeader(name, value);
      return targets.auth.handle(req, res, path, url);
    }
    if (pathname.startsWith('/functions/v1/')) {
      const refused = checkApiKey(req, url, targets);
      if (refused) return sendJson(res, 401, { message: refused }, corsHeaders(req));
      if (!targets.functions || !targets.restUrl || !targets.auth) return unavailable(req, res, 'Functions');
      for (const [name, value] of Object.entries(corsHeaders(req))) res.setHeader(name, value);
      return targets.functions.handle(req, res, pathname.slice('/functions/v1/'.length));
    }
    return serveStatic(req, res, targets.staticDir, pathname);
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, { message: error.message });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://gateway');
    if (pathname === '/realtime/v1/websocket' && targets.realtime) {
      targets.realtime.handleUpgrade(req, socket, head);
    } else {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
    }
  });
  return server;
}
