// What every form dialog starts with: the texts, the success and failure messages, and its form.
import { Form, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFeedback, type Feedback } from '../../shared/feedback/index.ts';

export function useFormDialog<Values>(): { t: TFunction; feedback: Feedback; form: FormInstance<Values> } {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<Values>();
  return { t, feedback, form };
}
