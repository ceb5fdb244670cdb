// The stack's function endpoints (/functions/v1/<name>), as Supabase Edge Functions are reached:
// each is a Web-standard (Request) => Response handler shared with its Deno entry in
// supabase/functions/<name>/index.ts. Here they run in a worker thread of the gateway's process
// (worker.ts), so a long fingerprint search never holds up the gateway's other requests.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { clientIp, parseTrustedProxies } from '../../src/fingerprint/server/client-ip.ts';
import type { EndpointEnv } from '../../src/fingerprint/server/enrol-endpoint.ts';
import { BodyError, readBody, sendJson } from '../http.ts';
import { FUNCTIONS, type FunctionResult } from './handlers.ts';

export interface FunctionsHost {
  handle(req: IncomingMessage, res: ServerResponse, name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `env()` gives the API URL the functions call back (the gateway itself) and the keys.
 * `trustedProxies`: the addresses whose X-Forwarded-For is believed (FINGERPRINT_TRUSTED_PROXIES,
 * comma-separated; none by default: the socket's peer is the client). See client-ip.ts.
 */
export function createFunctions(
  env: () => EndpointEnv,
  trustedProxies: readonly string[] = parseTrustedProxies(process.env.FINGERPRINT_TRUSTED_PROXIES),
): FunctionsHost {
  let worker: Worker | undefined;
  let next = 1;
  const pending = new Map<number, (result: FunctionResult) => void>();

  function thread(): Worker {
    if (worker) return worker;
    // worker.ts through tsx's ESM hooks, registered inside the worker (as src/fingerprint/identify/node.ts does).
    const entry = new URL('./worker.ts', import.meta.url);
    const started = new Worker(
      `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`,
      { eval: true },
    );
    started.unref();
    started.on('message', (result: FunctionResult) => {
      pending.get(result.id)?.(result);
      pending.delete(result.id);
    });
    const fail = (message: string) => {
      if (worker === started) worker = undefined;
      for (const [id, resolve] of pending) resolve({ id, error: message });
      pending.clear();
    };
    started.on('error', (error) => fail(error.message));
    started.on('exit', (code) => fail(`function thread exited (${code})`));
    worker = started;
    return started;
  }

  return {
    async handle(req, res, name) {
      if (!FUNCTIONS[name]) return sendJson(res, 404, { message: `Function not found: ${name}` });
      let body: Buffer | undefined;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        try {
          body = await readBody(req);
        } catch (error) {
          if (error instanceof BodyError) return sendJson(res, 413, { message: error.message });
          throw error;
        }
      }
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[key] = value;
        else if (Array.isArray(value)) headers[key] = value.join(', ');
      }
      const id = next++;
      const result = await new Promise<FunctionResult>((resolve) => {
        pending.set(id, resolve);
        thread().postMessage({
          id,
          name,
          method: req.method ?? 'GET',
          headers,
          ...(body?.length ? { body: new Uint8Array(body) } : {}),
          env: env(),
          // Computed here from the socket: a header the client sent cannot name its address.
          context: {
            clientIp: clientIp(headers['x-forwarded-for'], req.socket.remoteAddress ?? null, trustedProxies),
          },
        });
      });
      if ('error' in result) return sendJson(res, 500, { message: result.error });
      const bytes = Buffer.from(result.body);
      res.writeHead(result.status, { ...result.headers, 'Content-Length': String(bytes.length) });
      res.end(bytes);
    },
    async close() {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
