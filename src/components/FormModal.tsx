// A dialog that is one form: OK submits it (validation first), Cancel closes. `keep` keeps the form
// mounted while hidden, for an editor whose fields are set before it opens (form.setFieldsValue);
// otherwise it is emptied each time it closes. useRowEditor holds such an editor's state.
import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<Values> {
  form: FormInstance<Values>;
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  onFinish: (values: Values) => void;
  okText: string;
  cancelText?: string;
  busy: boolean;
  keep?: boolean;
  formProps?: Omit<FormProps<Values>, 'form' | 'onFinish' | 'children'>;
  modalProps?: Omit<
    ModalProps,
    'title' | 'open' | 'onCancel' | 'onOk' | 'children' | 'okText' | 'cancelText' | 'confirmLoading'
  >;
  children: ReactNode;
}

export function FormModal<Values>({
  form,
  onFinish,
  keep = false,
  formProps,
  modalProps,
  children,
  ...dialog
}: Props<Values>) {
  return (
    <SaveModal
      {...dialog}
      onSave={() => form.submit()}
      forceRender={keep}
      destroyOnHidden={!keep}
      {...modalProps}
    >
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} {...formProps}>
        {children}
      </Form>
    </SaveModal>
  );
}

type SaveModalProps = Omit<ModalProps, 'onCancel' | 'onOk' | 'okText' | 'cancelText' | 'confirmLoading'> & {
  onClose: () => void;
  onSave: () => void;
  okText: string;
  /** Default: Cancel. */
  cancelText?: string;
  /** Saving: OK spins. */
  busy: boolean;
};

/** A dialog whose OK saves and whose Cancel closes (FormModal's frame, for a dialog that is not one form). */
export function SaveModal({ onClose, onSave, okText, cancelText, busy, ...modal }: SaveModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      onCancel={onClose}
      onOk={onSave}
      okText={okText}
      cancelText={cancelText ?? t('settings.system.cancel')}
      confirmLoading={busy}
      {...modal}
    />
  );
}

/**
 * A kept FormModal that edits one row at a time (or a new one): which row is open, and `open` fills
 * the form before showing it. Spread `modal` into the FormModal.
 */
export function useRowEditor<Row, Values>() {
  const [editing, setEditing] = useState<Row | null>(null);
  const [form] = Form.useForm<Values>();
  const close = () => setEditing(null);
  const open = (row: Row, values: Parameters<FormInstance<Values>['setFieldsValue']>[0]) => {
    form.setFieldsValue(values);
    setEditing(row);
  };
  return { editing, open, close, modal: { form, open: editing !== null, onClose: close, keep: true } };
}
