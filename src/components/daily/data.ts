// The data of the daily screens' shared widgets: a person's notifications (the latest, the unread
// count, marking one read; live) and the watch on the session that sends a signed-out portal to /login.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { supabase } from '../../data/client.ts';
import type { Database } from '../../data/database.types.ts';
import { toDbError } from '../../data/errors.ts';
import { useLiveQueryOf } from '../../data/live.ts';
import { run } from '../../data/rpc.ts';

export type NotificationRow = Pick<
  Database['public']['Tables']['notifications']['Row'],
  'id' | 'code' | 'params' | 'title' | 'message' | 'read' | 'created_at' | 'sender_name'
>;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (employeeId: string | undefined, limit: number) =>
    [...notificationKeys.all, 'list', employeeId, limit] as const,
  unread: (employeeId: string | undefined) => [...notificationKeys.all, 'unread', employeeId] as const,
};

/** The number of a person's unread notifications (a count in the database, no rows fetched). */
export async function fetchUnreadCount(employeeId: string): Promise<number> {
  const { count, error } = await supabase()
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .eq('employee_id', employeeId)
    .eq('read', false);
  if (error) throw toDbError(error);
  return count ?? 0;
}

/** A person's latest notifications and their unread count, read together. */
export async function fetchNotifications(
  employeeId: string,
  limit: number,
): Promise<{ rows: NotificationRow[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    run(
      supabase()
        .from('notifications')
        .select('id, code, params, title, message, read, created_at, sender_name')
        .eq('employee_id', employeeId)
        .order('created_at', { ascending: false })
        .limit(limit),
    ),
    fetchUnreadCount(employeeId),
  ]);
  return { rows: rows ?? [], unread };
}

export function useUnreadCount(employeeId: string | undefined) {
  return useLiveQueryOf(['notifications'], {
    queryKey: notificationKeys.unread(employeeId),
    queryFn: () => fetchUnreadCount(employeeId!),
    enabled: Boolean(employeeId),
  });
}

export function useNotifications(employeeId: string | undefined, limit: number) {
  return useLiveQueryOf(
    ['notifications'],
    {
      queryKey: notificationKeys.list(employeeId, limit),
      queryFn: () => fetchNotifications(employeeId!, limit),
      enabled: Boolean(employeeId),
    },
    notificationKeys.list(employeeId, limit),
  );
}

/** Mark read: the card and the unread counts follow. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => run(supabase().from('notifications').update({ read: true }).eq('id', id)),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Calls `onLost` when the session ends (signed out in another tab, expired). */
export function useSessionLost(onLost: () => void): void {
  const handler = useRef(onLost);
  handler.current = onLost;
  useEffect(() => {
    const { data } = supabase().auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT' || !session) handler.current();
    });
    return () => data.subscription.unsubscribe();
  }, []);
}
