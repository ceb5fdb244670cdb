import { DriverError, type CaptureDriver, type CaptureRequest } from './types.ts';
import type { CaptureInput } from '../page/engine-protocol.ts';

/** An exported scan chosen from disk (TIFF, PNG or BMP): what a support person does. */
export class ImageFileDriver implements CaptureDriver {
  readonly kind = 'file' as const;

  async capture(request: CaptureRequest): Promise<CaptureInput> {
    if (!request.file) throw new DriverError('no-file');
    return { kind: 'file', bytes: new Uint8Array(await request.file.arrayBuffer()) };
  }
}
