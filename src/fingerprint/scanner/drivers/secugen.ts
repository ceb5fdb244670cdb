import { DriverError, type CaptureDriver, type CaptureRequest, type DriverErrorCode } from './types.ts';
import type { CaptureInput } from '../page/engine-protocol.ts';

/** The SecuGen WebAPI's local service (docs/fingerprint.md, src/fingerprint/scanner/README.md). */
export const SECUGEN_URL = 'https://localhost:8443';

interface SecuGenReply {
  ErrorCode?: number;
  BMPBase64?: string;
  TemplateBase64?: string;
}

/** SecuGen's error codes, in our words. */
export function secugenError(code: number): DriverErrorCode {
  if (code === 54) return 'timeout';
  if (code === 55 || code === 53) return 'no-device';
  return 'device-error';
}

function base64Bytes(value: string): Uint8Array {
  const binary = atob(value.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * SecuGen WebAPI: `POST /SGIFPCapture` with form fields Timeout, Quality, templateFormat=ISO →
 * ErrorCode, BMPBase64, TemplateBase64. The ISO template is used when the device gives one, else
 * the BMP goes through our extractor. The image never leaves the scanner page.
 */
export class SecuGenDriver implements CaptureDriver {
  readonly kind = 'secugen' as const;

  constructor(
    private readonly baseUrl: string = SECUGEN_URL,
    private readonly timeoutMs = 10_000,
    private readonly quality = 50,
    private readonly fetcher: typeof fetch = (...args) => fetch(...args),
  ) {}

  async capture(request: CaptureRequest): Promise<CaptureInput> {
    const body = new URLSearchParams({
      Timeout: String(this.timeoutMs),
      Quality: String(this.quality),
      licstr: '',
      templateFormat: 'ISO',
    });
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl}/SGIFPCapture`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        ...(request.signal ? { signal: request.signal } : {}),
      });
    } catch (error) {
      if (request.signal?.aborted) throw new DriverError('cancelled');
      throw new DriverError('not-running', error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) throw new DriverError('not-running', `HTTP ${response.status}`);
    let reply: SecuGenReply;
    try {
      reply = (await response.json()) as SecuGenReply;
    } catch {
      throw new DriverError('device-error', 'the service did not answer JSON');
    }
    const code = Number(reply.ErrorCode ?? 0);
    if (code !== 0) throw new DriverError(secugenError(code), `ErrorCode ${code}`);
    if (reply.TemplateBase64) return { kind: 'iso', bytes: base64Bytes(reply.TemplateBase64) };
    if (reply.BMPBase64) return { kind: 'file', bytes: base64Bytes(reply.BMPBase64) };
    throw new DriverError('device-error', 'no image and no template in the answer');
  }
}
