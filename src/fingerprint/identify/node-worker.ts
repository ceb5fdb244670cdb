// worker_threads entry (run with the tsx loader, or from compiled JavaScript).
import { parentPort } from 'node:worker_threads';
import { createWorkerHandler, type WorkerRequest } from './protocol.ts';

const handle = createWorkerHandler();
parentPort?.on('message', (msg: WorkerRequest) => parentPort?.postMessage(handle(msg)));
