// The local stack's servers get their port from freePort() and bind it a moment later; when another
// process took it in between (parallel stacks), PostgreSQL and PostgREST start again on a new port.
// Here the first port they are handed is deliberately held by a test socket.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../server/postgres/embedded.ts';
import { startPostgrest } from '../../server/postgrest.ts';
import { freePort, PortTakenError } from '../../server/util.ts';

let holder: net.Server;
let taken: number;
let root: string;
let postgres: EmbeddedPostgres | undefined;
const log: string[] = [];

/** Hands out the taken port first, then free ones; counts what it handed out. */
function portsStartingWithTaken(takenFirst = 1) {
  const handed: number[] = [];
  return {
    handed,
    ports: async () => {
      const port = handed.length < takenFirst ? taken : await freePort();
      handed.push(port);
      return port;
    },
  };
}

beforeAll(async () => {
  // Holds the port; a connection to it is closed at once (it is not a database).
  holder = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  taken = (holder.address() as net.AddressInfo).port;
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'pointage-ports-'));
  await fs.chmod(root, 0o755);
});

afterAll(async () => {
  await postgres?.stop();
  await new Promise((resolve) => holder.close(resolve));
  await fs.rm(root, { recursive: true, force: true });
});

describe('a port taken between its choice and the bind', () => {
  it('PostgreSQL gives up with PortTakenError when it has no other attempt', async () => {
    const { ports, handed } = portsStartingWithTaken();
    await expect(
      startEmbeddedPostgres({
        dataDir: path.join(root, 'once'),
        fast: true,
        log: () => undefined,
        ports,
        attempts: 1,
      }),
    ).rejects.toBeInstanceOf(PortTakenError);
    expect(handed).toEqual([taken]);
  });

  it('PostgreSQL starts on the next port', async () => {
    const { ports, handed } = portsStartingWithTaken();
    postgres = await startEmbeddedPostgres({
      dataDir: path.join(root, 'retry'),
      fast: true,
      log: (line) => log.push(line),
      ports,
    });
    expect(handed[0]).toBe(taken);
    expect(handed).toHaveLength(2);
    expect(postgres.port).toBe(handed[1]);
    expect(log.some((line) => line.includes(`could not bind port ${taken}`))).toBe(true);
  });

  it('PostgREST starts on new ports, and gives up after its last attempt', async () => {
    const jwtSecret = 'a-test-secret-of-at-least-thirty-two-characters';
    const once = portsStartingWithTaken();
    await expect(
      startPostgrest({
        dbUri: postgres!.url,
        jwtSecret,
        log: () => undefined,
        ports: once.ports,
        attempts: 1,
      }),
    ).rejects.toBeInstanceOf(PortTakenError);

    const { ports, handed } = portsStartingWithTaken();
    const rest = await startPostgrest({
      dbUri: postgres!.url,
      jwtSecret,
      log: (line) => log.push(line),
      ports,
    });
    try {
      // The first pair (the taken port and an admin port) failed; the second pair serves.
      expect(handed).toHaveLength(4);
      expect(handed[0]).toBe(taken);
      expect(rest.url).toBe(`http://127.0.0.1:${handed[2]}`);
      expect((await fetch(`${rest.adminUrl}/ready`)).status).toBe(200);
    } finally {
      await rest.stop();
    }
  });
});
