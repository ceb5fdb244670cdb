import { describe, expect, it } from 'vitest';
import { registerCodePrompt, withStepUp } from './step-up.ts';

const REFUSED = () =>
  new Response(
    JSON.stringify({
      code: '42501',
      message: 'Confirm this action with your two-factor code',
      hint: 'mfa_required',
    }),
    {
      status: 403,
      headers: { 'Content-Type': 'application/json' },
    },
  );

/** A fetch that refuses until it sees the raised token, and records what it was sent. */
function fakeServer() {
  const seen: string[] = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('Authorization') ?? '';
    seen.push(auth);
    return auth === 'Bearer raised' ? new Response('{"ok":true}', { status: 200 }) : REFUSED();
  };
  return { seen, fetch: withStepUp(fetch) };
}

const RPC = 'http://localhost:8080/rest/v1/rpc/change_role';
const init = { method: 'POST', body: '{}', headers: { Authorization: 'Bearer aal1' } };

describe('withStepUp', () => {
  it('asks for the code on mfa_required and sends the same request again with the raised session', async () => {
    const server = fakeServer();
    let asked = 0;
    const off = registerCodePrompt(async () => (asked++, 'raised'));
    const response = await server.fetch(RPC, init);
    off();
    expect(response.status).toBe(200);
    expect(asked).toBe(1);
    expect(server.seen).toEqual(['Bearer aal1', 'Bearer raised']);
  });

  it('answers the refusal as it came when the person cancels or no prompt is mounted', async () => {
    const server = fakeServer();
    const off = registerCodePrompt(async () => null);
    expect((await server.fetch(RPC, init)).status).toBe(403);
    off();
    expect((await server.fetch(RPC, init)).status).toBe(403);
    expect(server.seen).toEqual(['Bearer aal1', 'Bearer aal1']);
  });

  it('leaves auth calls and other refusals alone', async () => {
    const server = fakeServer();
    let asked = 0;
    const off = registerCodePrompt(async () => (asked++, 'raised'));
    expect((await server.fetch('http://localhost:8080/auth/v1/factors', init)).status).toBe(403);
    const other = withStepUp(async () => new Response('{"hint":"mfa_enrolment_required"}', { status: 403 }));
    expect((await other(RPC, init)).status).toBe(403);
    off();
    expect(asked).toBe(0);
  });
});
