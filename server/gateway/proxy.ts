// Forwards /rest/v1/* to PostgREST over kept-alive connections.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

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

export function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  extraHeaders: Record<string, string>,
  /** A body the gateway already read (a chunked one, counted against its limit); else it streams. */
  body?: Buffer,
): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name)) headers[name] = value;
  if (body) headers['content-length'] = String(body.length);
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
  upstream.on('error', (error) => {
    if (res.headersSent) return res.destroy();
    const answer = JSON.stringify({ message: `REST service unavailable: ${error.message}` });
    res.writeHead(503, { 'Content-Type': 'application/json', ...extraHeaders }).end(answer);
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}
