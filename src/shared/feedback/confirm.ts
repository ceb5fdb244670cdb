// An action that asks first: the confirm dialog, then the action, then one toast saying it worked
// (and what follows, e.g. reloading what it changed) or why it failed.
import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { useFeedback } from './index.ts';

export interface ConfirmedAction {
  title: string;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  /** The success toast, and its detail when there is one. */
  done: string;
  doneDetail?: string;
  /** The failure toast's title (the error is described by its code). */
  failed: string;
  /** After a success. */
  then?: () => void;
}

export function useConfirmedAction() {
  const { modal } = App.useApp();
  const feedback = useFeedback();
  return useCallback(
    (action: ConfirmedAction) =>
      modal.confirm({
        title: action.title,
        content: action.content,
        okText: action.okText,
        okButtonProps: { danger: action.danger },
        onOk: async () => {
          try {
            await action.run();
          } catch (error) {
            feedback.failure(error, action.failed);
            return;
          }
          feedback.success(action.done, action.doneDetail);
          action.then?.();
        },
      }),
    [modal, feedback],
  );
}
