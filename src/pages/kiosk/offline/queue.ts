// The kiosk's queue of punches made while the network or the backend was down, in IndexedDB so it
// survives a reload or a power loss. A punch keeps its original time and an idempotency key (a
// uuid made when it was queued): replaying it twice records it once (replay_punch in the database).
// At a verify site a press the server could not check waits with its template (never the image) and
// the typed number instead of a person: the server verifies it at replay, then it is deleted.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PunchAction } from '../../../fingerprint/scanner/protocol.ts';

export interface QueuedPunch {
  /** The idempotency key sent with every replay of this punch. */
  key: string;
  action: PunchAction;
  employeeId: string;
  deviceId: string | null;
  /** ISO time of the press on the tablet. */
  at: string;
  /** A verify site's press not yet verified (employeeId is then ''): checked by the server at replay. */
  press?: QueuedPress;
}

export interface QueuedPress {
  /** The personal number typed on the keypad. */
  number: string;
  /** The press's extracted template (base64), never the image. */
  template: string;
}

interface StoredPunch extends QueuedPunch {
  /** Insertion order (IndexedDB auto-increment): the replay order. */
  seq?: number;
}

interface QueueSchema extends DBSchema {
  punches: { key: number; value: StoredPunch; indexes: { byKey: string } };
}

export const DEFAULT_QUEUE_NAME = 'pointage-offline-punches';

export interface PunchQueue {
  add(punch: QueuedPunch): Promise<void>;
  /** Every waiting punch, oldest first. */
  list(): Promise<QueuedPunch[]>;
  count(): Promise<number>;
  /** Removes one punch by its idempotency key (after the server answered for it). */
  remove(key: string): Promise<void>;
  close(): void;
}

export async function openPunchQueue(name = DEFAULT_QUEUE_NAME): Promise<PunchQueue> {
  const db: IDBPDatabase<QueueSchema> = await openDB<QueueSchema>(name, 1, {
    upgrade(database) {
      const store = database.createObjectStore('punches', { keyPath: 'seq', autoIncrement: true });
      store.createIndex('byKey', 'key', { unique: true });
    },
  });
  return {
    async add(punch) {
      const { key, action, employeeId, deviceId, at, press } = punch;
      await db.add('punches', { key, action, employeeId, deviceId, at, ...(press ? { press } : {}) });
    },
    async list() {
      const rows = await db.getAll('punches');
      return rows.map(({ key, action, employeeId, deviceId, at, press }) => ({
        key,
        action,
        employeeId,
        deviceId,
        at,
        ...(press ? { press: { number: press.number, template: press.template } } : {}),
      }));
    },
    count: () => db.count('punches'),
    // Removing a press deletes its template from the tablet: it is never kept once replayed.
    async remove(key) {
      const tx = db.transaction('punches', 'readwrite');
      const seq = await tx.store.index('byKey').getKey(key);
      if (seq !== undefined) await tx.store.delete(seq);
      await tx.done;
    },
    close: () => db.close(),
  };
}

/** A new punch to queue, pressed now. */
export function newPunch(
  action: PunchAction,
  employeeId: string,
  deviceId: string | null,
  at = new Date(),
): QueuedPunch {
  return { key: crypto.randomUUID(), action, employeeId, deviceId, at: at.toISOString() };
}

/** A verify site's press to queue (the server could not check it): verified at replay. */
export function newPress(
  action: PunchAction,
  press: QueuedPress,
  deviceId: string | null,
  at = new Date(),
): QueuedPunch {
  return { ...newPunch(action, '', deviceId, at), press };
}
