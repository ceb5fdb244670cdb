// Data hooks of the daily screens: an RPC's rows (the figures, computed in SQL and scoped by role
// there) and live refresh on table changes through Supabase realtime. Each subscription gets its own
// channel name, so several widgets may follow the same table on one page.
import { useCallback, useEffect, useRef, useState } from 'react';
import { legacySupabase as supabase } from '../../data/client.ts';

let channelCounter = 0;

/** Calls `onChange` (debounced) whenever a row of one of `tables` changes that the caller may read. */
export function useLiveTables(tables: readonly string[], onChange: () => void, enabled = true): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  const key = tables.join(',');
  useEffect(() => {
    if (!enabled || !key) return;
    let timer: number | undefined;
    const fire = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => handler.current(), 150);
    };
    let channel = supabase().channel(`daily-${key}-${++channelCounter}`);
    for (const table of key.split(','))
      channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, fire);
    channel.subscribe();
    return () => {
      window.clearTimeout(timer);
      void supabase().removeChannel(channel);
    };
  }, [key, enabled]);
}

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  refetch: () => void;
}

/** Any async read, reloaded when `deps` change and when a table of `live` changes. */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  live: readonly string[] = [],
  enabled = true,
): Loaded<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const refetch = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    setLoading(true);
    load().then(
      (value) => {
        if (cancelled) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (reason: unknown) => {
        if (cancelled) return;
        setError(reason instanceof Error ? reason.message : String(reason));
        setLoading(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [...deps, tick, enabled]);
  useLiveTables(live, refetch, enabled);
  return { data, loading, error, refetch };
}

/** The rows of a database function (RPC). */
export async function rpcRows<T>(fn: string, args?: Record<string, unknown>): Promise<T[]> {
  const { data, error } = await supabase().rpc(fn, args);
  if (error) throw new Error(error.message);
  return (data ?? []) as T[];
}

/** The first row of a database function, or undefined. */
export async function rpcRow<T>(fn: string, args?: Record<string, unknown>): Promise<T | undefined> {
  return (await rpcRows<T>(fn, args))[0];
}

/** The value of a database function returning one scalar (e.g. a date). */
export async function rpcValue<T>(fn: string, args?: Record<string, unknown>): Promise<T | undefined> {
  const { data, error } = await supabase().rpc(fn, args);
  if (error) throw new Error(error.message);
  return (Array.isArray(data) ? data[0] : data) as T | undefined;
}

/** A PostgREST error's message, or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message || fallback;
  return fallback;
}

/** A percentage change as the badge shows it: '+12.5%', '-3%', or null when there is nothing to compare. */
export function formatChange(change: number | null | undefined): string | null {
  if (change === null || change === undefined || !Number.isFinite(change)) return null;
  const rounded = Math.round(change * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** Today against the same weekday a week ago, in percent (null when last week had nothing). */
export function changePercent(today: number, lastWeek: number): number | null {
  if (!lastWeek) return null;
  return Math.round((1000 * (today - lastWeek)) / lastWeek) / 10;
}

/** A moment as the clock of the site where it happened reads it (the site's time zone), hours and minutes. */
export function siteTime(
  at: string | null | undefined,
  timeZone: string | null | undefined,
  locale: string,
): string {
  if (!at) return '-';
  return new Date(at).toLocaleTimeString(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
}
