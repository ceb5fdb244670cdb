// One directory row's actions: view; for whoever may manage the person, edit and delete (archive
// when they have history), or restore an archived person.
import { DeleteOutlined, EditOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { fullName, type Employee } from '../data.ts';

export function RowActions({
  row,
  manage,
  busy,
  onDelete,
  onRestore,
}: {
  row: Employee;
  manage: boolean;
  busy: boolean;
  onDelete: () => void;
  onRestore: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = fullName(row);
  const active = row.status !== 'terminated';
  // View and Edit open the person's page of that name (/employee-view/:id, /employee-edit/:id).
  const open = (page: 'view' | 'edit', icon: ReactNode) => (
    <IconAction
      label={t(`employees.${page}`)}
      who={name}
      icon={icon}
      onClick={() => navigate(`/employee-${page}/${row.id}`)}
    />
  );
  return (
    <Space size={4}>
      {open('view', <EyeOutlined />)}
      {manage && active && open('edit', <EditOutlined />)}
      {manage && active && (
        <Popconfirm
          title={t('employees.confirmDelete', { name })}
          description={<div style={{ maxWidth: 280 }}>{t('employees.deleteNote')}</div>}
          onConfirm={onDelete}
          okButtonProps={{ danger: true }}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={busy}
            aria-label={`${t('employees.delete')} ${name}`}
          />
        </Popconfirm>
      )}
      {manage && !active && (
        <Button
          size="small"
          icon={<RollbackOutlined />}
          loading={busy}
          onClick={onRestore}
          aria-label={`${t('employees.restore')} ${name}`}
        >
          {t('employees.restore')}
        </Button>
      )}
    </Space>
  );
}
