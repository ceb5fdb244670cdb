// The project's function endpoints by name, and the messages between the gateway and their thread.
import {
  ENROL_FUNCTION,
  handleFingerprintEnrol,
  type EndpointEnv,
  type FunctionContext,
} from '../../src/fingerprint/server/enrol-endpoint.ts';

export type Handler = (request: Request, env: EndpointEnv, context: FunctionContext) => Promise<Response>;

export const FUNCTIONS: Record<string, Handler> = { [ENROL_FUNCTION]: handleFingerprintEnrol };

export interface FunctionCall {
  id: number;
  name: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  env: EndpointEnv;
  context: FunctionContext;
}

export type FunctionResult =
  | { id: number; status: number; headers: Record<string, string>; body: Uint8Array }
  | { id: number; error: string };
