import type { IncomingMessage, ServerResponse } from 'node:http';

/** GoTrue's bcrypt cost. */
export const BCRYPT_COST = 10;

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: string[],
) => Promise<void>;
