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
  modalProps?: Omit<ModalProps, 'title' | 'open' | 'onCancel' | 'onOk' | 'children'>;
  children: ReactNode;
}

export function FormModal<Values>({
  form,
  title,
  open,
  onClose,
  onFinish,
  okText,
  cancelText,
  busy,
  keep = false,
  formProps,
  modalProps,
  children,
}: Props<Values>) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText}
      cancelText={cancelText ?? t('settings.system.cancel')}
      confirmLoading={busy}
      forceRender={keep}
      destroyOnHidden={!keep}
      {...modalProps}
    >
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} {...formProps}>
        {children}
      </Form>
    </Modal>
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
