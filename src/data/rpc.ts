// The one way to call a database function: typed by the generated schema (name, arguments,
// result), and failing with a DbError (src/data/errors.ts) whatever went wrong.
import type { Database } from './database.types.ts';
import { loadSupabase } from './client.ts';
import { toDbError } from './errors.ts';

type Functions = Database['public']['Functions'];
export type RpcName = keyof Functions & string;
export type RpcArgs<N extends RpcName> = Functions[N]['Args'];
export type RpcResult<N extends RpcName> = Functions[N]['Returns'];

/** Calls public.<name>(args); resolves with its result, rejects with a DbError. */
export async function rpc<N extends RpcName>(
  name: N,
  ...args: RpcArgs<N> extends Record<PropertyKey, never> ? [] : [RpcArgs<N>]
): Promise<RpcResult<N>> {
  const client = await loadSupabase();
  let answer;
  try {
    answer = await client.rpc(name, (args[0] ?? {}) as never);
  } catch (error) {
    throw toDbError(error);
  }
  if (answer.error) throw toDbError(answer.error);
  return answer.data as RpcResult<N>;
}

/** A table read or write (a PostgREST builder) awaited: its data, or a DbError. */
export async function run<T>(query: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  let answer;
  try {
    answer = await query;
  } catch (error) {
    throw toDbError(error);
  }
  if (answer.error) throw toDbError(answer.error);
  return answer.data;
}
