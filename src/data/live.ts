// The one live-update mechanism of custom pages (Refine's table screens use its live provider):
// one realtime channel per table for the whole app, shared by every subscriber, and a hook that
// invalidates TanStack query keys when a row the reader may see changes. Widgets never open
// channels of their own.
import {
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Database } from './database.types.ts';
import { supabase } from './client.ts';

export type TableName = keyof Database['public']['Tables'] & string;

type Listener = () => void;
const listeners = new Map<TableName, Set<Listener>>();
const channels = new Map<TableName, ReturnType<ReturnType<typeof supabase>['channel']>>();

/** Calls `onChange` on every change of `table` the reader may see; returns the unsubscribe. */
export function subscribeTable(table: TableName, onChange: Listener): () => void {
  let set = listeners.get(table);
  if (!set) {
    set = new Set();
    listeners.set(table, set);
    const channel = supabase()
      .channel(`live:${table}`)
      .on('postgres_changes', { event: '*', schema: 'public', table }, () => {
        for (const listener of [...(listeners.get(table) ?? [])]) listener();
      });
    channel.subscribe();
    channels.set(table, channel);
  }
  set.add(onChange);
  return () => {
    const current = listeners.get(table);
    current?.delete(onChange);
    if (current && current.size === 0) {
      listeners.delete(table);
      const channel = channels.get(table);
      channels.delete(table);
      if (channel) void supabase().removeChannel(channel);
    }
  };
}

/** Calls `onChange` (debounced: a burst of changes is one call) when a row of `tables` changes. */
export function useTableChanges(tables: readonly TableName[], onChange: () => void, enabled = true): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  const key = tables.join(',');
  useEffect(() => {
    if (!enabled || !key) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fire = () => {
      clearTimeout(timer);
      timer = setTimeout(() => handler.current(), 150);
    };
    const unsubscribes = (key.split(',') as TableName[]).map((table) => subscribeTable(table, fire));
    return () => {
      clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [key, enabled]);
}

/** Refetches the queries under `queryKey` (a prefix) when a row of `tables` changes. */
export function useLiveQuery(tables: readonly TableName[], queryKey: QueryKey, enabled = true): void {
  const client = useQueryClient();
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  useTableChanges(tables, () => void client.invalidateQueries({ queryKey: keyRef.current }), enabled);
}

/**
 * A live query: `useQuery(options)` that refetches when a row of `tables` changes (its own key, or
 * `liveKey`, a prefix, to refresh every variant of it at once). Off while the query is disabled.
 */
export function useLiveQueryOf<TData, TKey extends QueryKey>(
  tables: readonly TableName[],
  options: UseQueryOptions<TData, Error, TData, TKey> & { queryKey: TKey },
  liveKey: QueryKey = options.queryKey,
): UseQueryResult<TData, Error> {
  useLiveQuery(tables, liveKey, options.enabled !== false);
  return useQuery(options);
}
