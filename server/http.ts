// Small HTTP helpers shared by the gateway, auth and health endpoints.
import type { IncomingMessage, ServerResponse } from 'node:http';

export class BodyError extends Error {}

const MAX_BODY = 1024 * 1024;

/** Bodies the gateway already read within its limit (gateway/limits.ts), handed to readBody. */
const preloaded = new WeakMap<IncomingMessage, Buffer>();

/**
 * Reads the whole body if it stays within `limit` bytes; resolves undefined as soon as it goes over
 * (chunked bodies have no length to check up front). Listens instead of iterating, so going over
 * leaves the request open for the 413 answer.
 */
export function readBodyWithin(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('end', () => {
      const body = Buffer.concat(chunks);
      preloaded.set(req, body);
      resolve(body);
    });
    req.once('error', reject);
  });
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const ready = preloaded.get(req);
  if (ready) return ready;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new BodyError('Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON object body; an empty body is `{}`. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = (await readBody(req)).toString('utf8').trim();
  if (raw === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BodyError('Could not parse request body as JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BodyError('Request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim() || undefined;
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
