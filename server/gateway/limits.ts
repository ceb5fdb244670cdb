// How big a request may be, per API, sized from what the product really sends (measured on the demo
// data; README "Limits"). REST: a kiosk replays its offline queue one punch per call (replay_punch,
// under 1 KB); restore_backup takes a backup's id (the file never travels); a fingerprint enrolment
// (enrol_fingerprint, register_employee) is a template set of 3 impressions, about 4 KB as hex, at
// most 25 KB (8 impressions of 255 minutiae); a rule-set or employee row is about 1 KB; bulk salary
// creation is 39 bytes per employee id (1 MB is 26,000 ids). Auth bodies are an e-mail, a password and
// a little metadata (under 1 KB); fingerprint-enrol's body is three templates of at most 8,192
// characters (25 KB). Each limit is 10× the largest or more. On Supabase the same bounds come from the
// columns' constraints and the platform's own request limits.
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
