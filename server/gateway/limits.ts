// How big a request may be, per API. Sized from what the product really sends (measured with the demo
// data, see README "Limits"): the biggest REST bodies are a rule-set version (tax tables, about 10 KB)
// and bulk salary creation for thousands of ids (about 40 KB per 1,000); a kiosk replays its offline
// queue one punch per call (under 1 KB); restore_backup takes a backup's id (the file never travels);
// a fingerprint enrolment is three templates of at most 8,192 characters. Each limit leaves at least
// 10× headroom. On Supabase the same bounds come from the columns' constraints and the platform's limits.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  /** PostgREST: table writes and RPC arguments. */
  rest: 1 * MB,
  /** GoTrue-compatible auth: e-mail, password, a little metadata. */
  auth: 64 * KB,
  /** Function endpoints: fingerprint-enrol's three templates. */
  functions: 256 * KB,
} as const;

/** A realtime (websocket) frame: joins, access-token updates, JSON broadcasts. */
export const REALTIME_FRAME_LIMIT = 256 * KB;

/** After refusing, the rest of an oversized body is read and dropped up to this much, then the
 * connection is cut: the client gets its 413 instead of a reset, and nobody streams for ever. */
const DISCARD_LIMIT = 8 * MB;

export type LimitedApi = keyof typeof BODY_LIMITS;

/** The API a path belongs to, for its body limit. */
export function limitedApi(pathname: string): LimitedApi | undefined {
  const match = /^\/(rest|auth|functions)\/v1(\/|$)/.exec(pathname);
  return match ? (match[1] as LimitedApi) : undefined;
}

/** True when the declared Content-Length is over `limit` (refused before reading a byte). */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = req.headers['content-length'];
  return declared !== undefined && Number(declared) > limit;
}

const readable = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${bytes / KB} KB`);

/** 413 with a message naming the limit; what the client still sends is read and dropped (bounded). */
export function refuseTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  headers: Record<string, string>,
): void {
  if (!res.headersSent)
    sendJson(
      res,
      413,
      {
        code: 'payload_too_large',
        message: `Request body too large: at most ${readable(limit)} here`,
      },
      headers,
    );
  discardRest(req);
}

function discardRest(req: IncomingMessage): void {
  if (req.complete) return;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_LIMIT) req.socket.destroy();
  });
  req.resume();
  const timer = setTimeout(() => req.complete || req.socket.destroy(), 10_000);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
}
