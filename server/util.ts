import net from 'node:net';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Where a server gets its port: `freePort` unless a test injects another (e.g. an occupied one). */
export type PortSource = () => Promise<number>;

/** How many times a server started on a `freePort()` port is started again on a new one when another
 * process took the port between the choice and the bind (parallel stacks). */
export const BIND_ATTEMPTS = 4;

/** A server's log saying it could not bind its port (PostgreSQL, PostgREST's Warp/Haskell sockets). */
export const isAddressInUse = (output: string): boolean =>
  /address already in use|EADDRINUSE|resource busy/i.test(output);

/** Thrown by a start that failed because its port was taken: the caller may try a new port. */
export class PortTakenError extends Error {}

/**
 * Runs `start` on ports from `ports`, again with new ones (at most `attempts` times) while it fails
 * with `PortTakenError`; any other failure, or the last attempt's, is thrown as is.
 */
export async function withFreshPorts<T>(
  start: () => Promise<T>,
  { attempts = BIND_ATTEMPTS, log }: { attempts?: number; log?: (line: string) => void } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= attempts) throw error;
      log?.(`${error.message.split('\n')[0]}: trying another port (attempt ${attempt + 1} of ${attempts})`);
    }
  }
}

/** Polls `check` with a short back-off until it returns true or the time is up. */
export async function waitFor(
  check: () => Promise<boolean>,
  { timeoutMs, what }: { timeoutMs: number; what: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 20;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 200);
  }
}
