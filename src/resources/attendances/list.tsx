// Attendance tracking (/attendance, admin and HR): the clock and a status line, Check In / Check Out
// through the inline scanner, Manual Entry, the alerts of missed punches, and a day's records (the
// site's local day, any day by the date picker) with search, corrections (reason required, audited)
// and each record's history. Live: records of others appear as they punch.
// The parts are in components/ and hooks/; the reads and writes in data.ts and the punch feature.
import { Col, Row, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { LiveClock } from '../../components/daily/LiveClock.tsx';
import { PinReviewCard } from '../../features/pin/index.ts';
import { DayRecords } from './components/DayRecords.tsx';
import { ManualEntryCard } from './components/ManualEntryCard.tsx';
import { MissedPunchesAlert } from './components/MissedPunchesAlert.tsx';
import { ScannerCard } from './components/ScannerCard.tsx';
import { StatusLine } from './components/StatusLine.tsx';
import { useAttendanceActions } from './hooks/useAttendanceActions.ts';
import { useDayRecords } from './hooks/useDayRecords.ts';

export function AttendanceList() {
  const { t } = useTranslation();
  const [showAlerts, setShowAlerts] = useState(false);
  const records = useDayRecords();
  const { status, onScanner, manualEntry } = useAttendanceActions(records.reload);

  return (
    <div data-testid="attendance-page" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <ScreenHeader
        marginBottom={0}
        title={t('attendance.title')}
        actions={
          <Space size="large" wrap>
            <LiveClock compact />
            <Space>
              <Typography.Text>{t('attendance.alerts.toggle')}</Typography.Text>
              <Switch
                aria-label={t('attendance.alerts.toggle')}
                checked={showAlerts}
                onChange={setShowAlerts}
              />
            </Space>
          </Space>
        }
      />

      <StatusLine status={status} />
      {showAlerts && <MissedPunchesAlert />}
      <PinReviewCard />

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <ScannerCard onMessage={onScanner} />
        </Col>
        <Col xs={24} lg={10}>
          <ManualEntryCard onPunch={manualEntry} />
        </Col>
      </Row>

      <DayRecords
        day={records.day}
        onDay={records.setDay}
        onSearch={records.setSearch}
        tableProps={records.tableProps}
        onChanged={records.reload}
      />
    </div>
  );
}
