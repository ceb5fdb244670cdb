// Manual Entry: pick the person by name, personal number, e-mail or id, then Check In or Check Out
// with the employee portal's button rules (buttonStates) and the same RPCs. Typing someone nobody
// is says so ('No employee matches …'), never 'Fingerprint not recognized'.
import { Button, Card, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStates, type PunchAction } from '../../../features/punch/index.ts';
import { useLocalDay, useManualCandidates, type ManualCandidate } from '../data.ts';

export function ManualEntryCard({
  onPunch,
}: {
  onPunch: (person: ManualCandidate, action: PunchAction) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<ManualCandidate | null>(null);
  const today = useLocalDay().data;
  const candidates = useManualCandidates(typed, today);
  const list = candidates.data ?? [];
  // The person as the latest search has them: a search answered from the cache first (the same
  // name typed again after a punch) is corrected when its refetch lands.
  const person = picked ? (list.find((c) => c.id === picked.id) ?? picked) : null;
  const rules = person && today ? buttonStates(person.records, today) : null;

  const run = async (action: PunchAction) => {
    if (!person) return;
    if (await onPunch(person, action)) {
      setPicked(null);
      setTyped('');
    }
  };

  const empty = !typed.trim()
    ? t('manualEntry.typeToSearch')
    : candidates.isFetching
      ? t('manualEntry.searching')
      : t('manualEntry.noMatch', { text: typed.trim() });

  return (
    <Card title={t('attendance.manual.title')} style={{ height: '100%' }} data-testid="manual-entry">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Select
          showSearch
          allowClear
          style={{ width: '100%' }}
          aria-label={t('manualEntry.person')}
          data-testid="manual-person"
          placeholder={t('manualEntry.placeholder')}
          filterOption={false}
          searchValue={typed}
          onSearch={setTyped}
          value={picked?.id ?? null}
          onChange={(id: string | undefined) => setPicked(list.find((c) => c.id === id) ?? null)}
          notFoundContent={<span data-testid="manual-no-match">{empty}</span>}
          options={(picked && !list.some((c) => c.id === picked.id) ? [picked, ...list] : list).map((c) => ({
            value: c.id,
            label: c.personalNumber ? `${c.name} · ${c.personalNumber}` : c.name,
          }))}
        />
        {person && rules && (
          <div data-testid="manual-picked">
            <Typography.Text strong>{person.name}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {rules.canCheckOut
                ? t('manualEntry.stateIn')
                : rules.canCheckIn
                  ? t('manualEntry.stateOut')
                  : t('manualEntry.stateDone')}
            </Typography.Text>
          </div>
        )}
        <Space wrap>
          <Button type="primary" disabled={!rules?.canCheckIn} onClick={() => void run('check-in')}>
            {t('attendance.checkIn')}
          </Button>
          <Button disabled={!rules?.canCheckOut} onClick={() => void run('check-out')}>
            {t('attendance.checkOut')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('manualEntry.help')}
        </Typography.Paragraph>
      </Space>
    </Card>
  );
}
