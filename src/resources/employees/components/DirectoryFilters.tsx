// The directory's search, department filter and 'Show archived' switch.
import { Col, Row, Select, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../../components/SearchBox.tsx';

export interface DirectoryChoice {
  search: string;
  department: string;
  archived: boolean;
}

export function DirectoryFilters({
  choice,
  onChange,
  departments,
}: {
  choice: DirectoryChoice;
  onChange: (change: Partial<DirectoryChoice>) => void;
  departments: { value: string | number; label: ReactNode }[];
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} align="middle">
      <Col xs={24} md={10}>
        <SearchBox
          label={t('employees.searchPlaceholder')}
          onSearch={(search) => onChange({ search })}
          onChange={(event) => {
            if (event.target.value === '') onChange({ search: '' });
          }}
        />
      </Col>
      <Col xs={24} md={8}>
        <Select
          style={{ width: '100%' }}
          aria-label={t('employees.department')}
          data-testid="department-filter"
          value={choice.department}
          onChange={(department: string) => onChange({ department })}
          options={[{ value: 'all', label: t('employees.allDepartments') }, ...departments]}
        />
      </Col>
      <Col xs={24} md={6}>
        <Space>
          <Switch
            checked={choice.archived}
            onChange={(archived) => onChange({ archived })}
            aria-label={t('employees.showArchived')}
          />
          <span>{t('employees.showArchived')}</span>
        </Space>
      </Col>
    </Row>
  );
}
