// A table's Edit column, for those who may edit (none otherwise): a link button per row that opens
// the screen's editor. Spread into `columns`: [...columns, ...editColumns(canEdit, label, open)].
import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ColumnType } from 'antd/es/table';

export function editColumns<Row>(
  canEdit: boolean,
  label: (row: Row) => string,
  onEdit: (row: Row) => void,
  width = 110,
): ColumnType<Row>[] {
  if (!canEdit) return [];
  return [
    {
      key: 'edit',
      width,
      render: (_: unknown, row: Row) => (
        <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(row)}>
          {label(row)}
        </Button>
      ),
    },
  ];
}
