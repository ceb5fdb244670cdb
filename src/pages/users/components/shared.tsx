// What the users screen's parts share: how a person is named, the confirm wrapper, and `act`.
import { Popconfirm } from 'antd';
import type { ReactNode } from 'react';

export const personName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();

export const initials = (row: { first_name: string; last_name: string }) =>
  `${row.first_name.charAt(0)}${row.last_name.charAt(0)}`.toUpperCase();

/** Runs an action, says what happened, and reloads what it changed (UsersPage's `act`). */
export type Act = (key: string, action: () => Promise<unknown>, success: string) => Promise<void>;

/** A button that asks first. */
export const confirm = (title: string, onConfirm: () => void, button: ReactNode) => (
  <Popconfirm title={<div style={{ maxWidth: 280 }}>{title}</div>} onConfirm={onConfirm}>
    {button}
  </Popconfirm>
);
