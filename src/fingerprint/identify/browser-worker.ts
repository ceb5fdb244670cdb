/// <reference lib="webworker" />
// Web Worker entry: `new Worker(new URL('./browser-worker.ts', import.meta.url), { type: 'module' })`.
import { createWorkerHandler, type WorkerRequest } from './protocol.ts';

const handle = createWorkerHandler();
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<WorkerRequest>) => scope.postMessage(handle(event.data));
