// Forwards /rest/v1/* to PostgREST over kept-alive connections.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Transform } from 'node:stream';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

// Hop-by-hop headers are not forwarded (RFC 9110 §7.6.1).
const HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

class TooLarge extends Error {}

/** Counts the body's bytes as they stream (chunked bodies have no Content-Length to check first). */
function byteCounter(limit: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? new TooLarge() : null, size > limit ? undefined : chunk);
    },
  });
}

export function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  extraHeaders: Record<string, string>,
  body: { limit: number; onTooLarge(): void },
): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name)) headers[name] = value;
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      method: req.method,
      headers,
      agent,
    },
    (response) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(response.headers)) if (!HOP.has(name)) out[name] = value;
      res.writeHead(response.statusCode ?? 502, { ...out, ...extraHeaders });
      response.pipe(res);
    },
  );
  let refused = false;
  upstream.on('error', (error) => {
    if (refused) return;
    if (res.headersSent) return res.destroy();
    const body = JSON.stringify({ message: `REST service unavailable: ${error.message}` });
    res.writeHead(503, { 'Content-Type': 'application/json', ...extraHeaders }).end(body);
  });
  const counter = byteCounter(body.limit);
  counter.on('error', (error) => {
    if (!(error instanceof TooLarge)) return upstream.destroy(error);
    refused = true;
    req.unpipe(counter);
    upstream.destroy();
    body.onTooLarge();
  });
  req.pipe(counter).pipe(upstream);
}
