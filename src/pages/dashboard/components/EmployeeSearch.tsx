// Employee Search: results only once something is typed (at most 20, searched by the database).
import { Card, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmployeeSearch } from '../data.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';

export function EmployeeSearch() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const results = useEmployeeSearch(text);
  return (
    <Card title={t('dashboard.search.title')} style={{ height: '100%' }}>
      <SearchBox
        label={t('dashboard.search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {text.trim() !== '' && (
        <div style={{ maxHeight: 260, overflowY: 'auto', marginTop: 8 }} data-testid="search-results">
          <List
            size="small"
            loading={results.isFetching}
            dataSource={results.data ?? []}
            locale={{ emptyText: <EmptyState text={t('dashboard.search.empty')} /> }}
            renderItem={(e) => (
              <List.Item>
                <List.Item.Meta
                  title={`${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() || t('dashboard.search.unnamed')}
                  description={
                    <>
                      {e.position || '-'} · {e.email || t('dashboard.search.noEmail')} ·{' '}
                      {e.departments?.name || t('dashboard.search.noDept')}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </div>
      )}
    </Card>
  );
}
