// The capture drivers behind their one interface; the SecuGen WebAPI against a fake of its local
// service (never a real device): a template, a BMP, its error codes and a service that is down.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBmp } from '../../decode/index.ts';
import { toIso } from '../../template/iso.ts';
import { MinutiaType, type Template } from '../../template/types.ts';
import { DEMO_ENROLMENT_IMPRESSIONS } from '../../synth/demo.ts';
import {
  createDriver,
  DriverError,
  ImageFileDriver,
  rememberDriver,
  rememberedDriver,
  SecuGenDriver,
  SimulatorDriver,
  type CaptureDriver,
} from './index.ts';

const template: Template = {
  width: 300,
  height: 400,
  dpi: 500,
  quality: 80,
  minutiae: Array.from({ length: 12 }, (_, i) => ({
    x: 20 + i * 20,
    y: 30 + i * 25,
    angle: (i * Math.PI) / 7,
    type: i % 2 ? MinutiaType.ending : MinutiaType.bifurcation,
    quality: 60,
  })),
};
const isoBase64 = Buffer.from(toIso(template)).toString('base64');
const bmp = encodeBmp({ width: 8, height: 8, dpi: 500, data: new Uint8Array(64).fill(128) });
const bmpBase64 = Buffer.from(bmp).toString('base64');

/** What the fake service answers next, and what it was sent. */
let answer: Record<string, unknown> = {};
let status = 200;
const received: URLSearchParams[] = [];
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/SGIFPCapture') {
        res.writeHead(404).end();
        return;
      }
      received.push(new URLSearchParams(body));
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function captureError(driver: CaptureDriver, request = {}): Promise<DriverError> {
  const error = await driver.capture(request).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DriverError);
  return error as DriverError;
}

describe('SecuGen WebAPI driver (against a fake service)', () => {
  it('posts the documented form fields and uses the ISO template when the device gives one', async () => {
    status = 200;
    answer = { ErrorCode: 0, TemplateBase64: isoBase64, BMPBase64: bmpBase64 };
    const input = await new SecuGenDriver(baseUrl, 7000, 60).capture({});
    expect(input.kind).toBe('iso');
    expect(input.kind === 'iso' && Buffer.from(input.bytes).toString('base64')).toBe(isoBase64);
    const form = received.at(-1)!;
    expect(form.get('Timeout')).toBe('7000');
    expect(form.get('Quality')).toBe('60');
    expect(form.get('templateFormat')).toBe('ISO');
  });

  it('falls back to the BMP (extracted by our engine) without a template', async () => {
    answer = { ErrorCode: 0, BMPBase64: bmpBase64 };
    const input = await new SecuGenDriver(baseUrl).capture({});
    expect(input.kind).toBe('file');
    expect(input.kind === 'file' && Buffer.from(input.bytes).equals(Buffer.from(bmp))).toBe(true);
  });

  it('says in words what went wrong: timeout, no device, other device errors', async () => {
    answer = { ErrorCode: 54 };
    expect((await captureError(new SecuGenDriver(baseUrl))).code).toBe('timeout');
    answer = { ErrorCode: 55 };
    expect((await captureError(new SecuGenDriver(baseUrl))).code).toBe('no-device');
    answer = { ErrorCode: 57 };
    expect((await captureError(new SecuGenDriver(baseUrl))).code).toBe('device-error');
    answer = { ErrorCode: 0 };
    expect((await captureError(new SecuGenDriver(baseUrl))).code).toBe('device-error');
    status = 500;
    expect((await captureError(new SecuGenDriver(baseUrl))).code).toBe('not-running');
    status = 200;
  });

  it('reports a service that is not running', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await captureError(new SecuGenDriver(`http://127.0.0.1:${port}`))).code).toBe('not-running');
  });
});

describe('the other drivers', () => {
  it('the simulator presses a new impression of the chosen finger each time, never an enrolled one', async () => {
    // A generator that always says 0 still never presses one of the demo's enrolled impressions.
    expect(await new SimulatorDriver(() => 0).capture({ fingerSeed: 1 })).toMatchObject({
      impression: DEMO_ENROLMENT_IMPRESSIONS,
    });
    const driver = new SimulatorDriver();
    expect((await captureError(driver)).code).toBe('no-finger-chosen');
    const a = await driver.capture({ fingerSeed: 1234 });
    const b = await driver.capture({ fingerSeed: 1234 });
    expect(a).toMatchObject({ kind: 'synthetic', seed: 1234 });
    expect(a.kind === 'synthetic' && b.kind === 'synthetic' && a.impression !== b.impression).toBe(true);
    expect(a.kind === 'synthetic' && a.impression).toBeGreaterThanOrEqual(DEMO_ENROLMENT_IMPRESSIONS);
  });

  it('the image file driver reads the chosen file', async () => {
    const driver = new ImageFileDriver();
    expect((await captureError(driver)).code).toBe('no-file');
    const input = await driver.capture({ file: new Blob([new Uint8Array(bmp)]) });
    expect(input.kind === 'file' && input.bytes.length).toBe(bmp.length);
  });

  it('remembers the driver per device, and never the simulator when the system does not allow it', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(rememberedDriver(true, storage)).toBe('simulator');
    expect(rememberedDriver(false, storage)).toBe('secugen');
    rememberDriver('file', storage);
    expect(rememberedDriver(true, storage)).toBe('file');
    rememberDriver('simulator', storage);
    expect(rememberedDriver(false, storage)).toBe('secugen');
    expect(createDriver('secugen').kind).toBe('secugen');
  });
});
