// The function endpoints' thread: the matcher's 1:N search and gallery build take from a fraction
// of a second to seconds, so they run here and the gateway's thread keeps serving every other
// request (including the REST and auth calls the endpoint makes back to it). The built gallery
// stays cached in this thread between requests.
import { parentPort } from 'node:worker_threads';
import { FUNCTIONS, type FunctionCall, type FunctionResult } from './handlers.ts';

parentPort!.on('message', (call: FunctionCall) => {
  void run(call).then((result) => parentPort!.postMessage(result));
});

async function run(call: FunctionCall): Promise<FunctionResult> {
  try {
    const handler = FUNCTIONS[call.name];
    if (!handler) throw new Error(`Function not found: ${call.name}`);
    const request = new Request(`http://functions/${call.name}`, {
      method: call.method,
      headers: call.headers,
      ...(call.body ? { body: new Uint8Array(call.body) as Uint8Array<ArrayBuffer> } : {}),
    });
    const response = await handler(request, call.env, call.context);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => (headers[key] = value));
    return {
      id: call.id,
      status: response.status,
      headers,
      body: new Uint8Array(await response.arrayBuffer()),
    };
  } catch (error) {
    return { id: call.id, error: (error as Error).message };
  }
}
