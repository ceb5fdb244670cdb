// The scanner page's side of its engine worker: one request, one promise.
import type { CaptureInput, EngineReply, EngineRequest, TemplateRow } from './engine-protocol.ts';

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = Distribute<EngineRequest>;

export class EngineError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class Engine {
  private readonly worker: Worker;
  private next = 1;
  private readonly pending = new Map<number, (reply: EngineReply) => void>();

  constructor() {
    this.worker = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<EngineReply>) => {
      const resolve = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      resolve?.(event.data);
    };
  }

  private call<T extends EngineReply['type']>(request: Request): Promise<Extract<EngineReply, { type: T }>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => {
        if (reply.type === 'error') reject(new EngineError(reply.code, reply.message));
        else resolve(reply as Extract<EngineReply, { type: T }>);
      });
      this.worker.postMessage({ ...request, id } as EngineRequest);
    });
  }

  gallery(rows: TemplateRow[]) {
    return this.call<'gallery'>({ type: 'gallery', rows });
  }
  identify(input: CaptureInput) {
    return this.call<'identify'>({ type: 'identify', input });
  }
  extract(input: CaptureInput) {
    return this.call<'extract'>({ type: 'extract', input });
  }
  enrol(templates: string[]) {
    return this.call<'enrol'>({ type: 'enrol', templates });
  }
}
