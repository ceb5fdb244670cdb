// The stack's function endpoints (/functions/v1/<name>), as Supabase Edge Functions are reached:
// each is a Web-standard (Request) => Response handler shared with its Deno entry in
// supabase/functions/<name>/index.ts. Here they run in the gateway's Node process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ENROL_FUNCTION,
  handleFingerprintEnrol,
  type EndpointEnv,
} from '../../src/fingerprint/server/enrol-endpoint.ts';
import { BodyError, readBody, sendJson } from '../http.ts';

type Handler = (request: Request, env: EndpointEnv) => Promise<Response>;

const FUNCTIONS: Record<string, Handler> = { [ENROL_FUNCTION]: handleFingerprintEnrol };

export interface FunctionsHost {
  handle(req: IncomingMessage, res: ServerResponse, name: string): Promise<void>;
}

/** `env()` gives the API URL the functions call back (the gateway itself) and the keys. */
export function createFunctions(env: () => EndpointEnv): FunctionsHost {
  return {
    async handle(req, res, name) {
      const handler = FUNCTIONS[name];
      if (!handler) return sendJson(res, 404, { message: `Function not found: ${name}` });
      let body: Buffer | undefined;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        try {
          body = await readBody(req);
        } catch (error) {
          if (error instanceof BodyError) return sendJson(res, 413, { message: error.message });
          throw error;
        }
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(key, value);
        else if (Array.isArray(value)) headers.set(key, value.join(', '));
      }
      const request = new Request(`http://functions/${name}`, {
        method: req.method ?? 'GET',
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      const response = await handler(request, env());
      const out: Record<string, string> = {};
      response.headers.forEach((value, key) => (out[key] = value));
      const bytes = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, { ...out, 'Content-Length': String(bytes.length) });
      res.end(bytes);
    },
  };
}
