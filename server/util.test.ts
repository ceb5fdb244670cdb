import { describe, expect, it } from 'vitest';
import { isAddressInUse, PortTakenError, withFreshPorts } from './util.ts';

describe('withFreshPorts', () => {
  it('starts again while the port was taken, up to the bound, and rethrows anything else at once', async () => {
    let calls = 0;
    const lines: string[] = [];
    const started = await withFreshPorts(
      async () => {
        if (++calls < 3) throw new PortTakenError(`port ${calls} taken`);
        return 'up';
      },
      { attempts: 3, log: (line) => lines.push(line) },
    );
    expect(started).toBe('up');
    expect(lines).toEqual([
      'port 1 taken: trying another port (attempt 2 of 3)',
      'port 2 taken: trying another port (attempt 3 of 3)',
    ]);

    calls = 0;
    await expect(
      withFreshPorts(
        async () => {
          calls++;
          throw new PortTakenError('taken');
        },
        { attempts: 2 },
      ),
    ).rejects.toBeInstanceOf(PortTakenError);
    expect(calls).toBe(2);

    calls = 0;
    await expect(
      withFreshPorts(async () => {
        calls++;
        throw new Error('bad password');
      }),
    ).rejects.toThrow('bad password');
    expect(calls).toBe(1);
  });

  it("recognises the servers' bind failures", () => {
    expect(isAddressInUse('LOG:  could not bind IPv4 address "127.0.0.1": Address already in use')).toBe(
      true,
    );
    expect(isAddressInUse('postgrest: Network.Socket.bind: resource busy (Address already in use)')).toBe(
      true,
    );
    expect(isAddressInUse('FATAL:  password authentication failed')).toBe(false);
  });
});
