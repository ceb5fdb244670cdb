// The employee portal (/employee-portal): today's attendance with biometric check-in and check-out
// through the scanner modal (420×560, attendance mode, refusing someone else's finger), Today's
// Summary (figures from my_day_summary), recent attendance, notifications, upcoming shifts, a manual
// check-in for oneself and the payslips. Everything live. Reads in data.ts, punches in usePortalPunch.ts.
import { useGetIdentity } from '@refinedev/core';
import { Button, Col, Flex, Modal, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../components/daily/weekdays.ts';
import { NotificationsCard } from '../../components/daily/NotificationsCard.tsx';
import { PortalPage } from '../../components/daily/PortalPage.tsx';
import { ScannerFrame } from '../../components/scanner/ScannerFrame.tsx';
import { EmployeeLeaveCard } from '../../features/leave/index.ts';
import type { PunchAction } from '../../features/punch/index.ts';
import type { Identity } from '../../providers/identity.ts';
import { siteTime } from '../../shared/format/index.ts';
import { AttendanceCard } from './components/AttendanceCard.tsx';
import { ManualCard } from './components/ManualCard.tsx';
import { PayslipsCard } from './components/PayslipsCard.tsx';
import { RecentCard } from './components/RecentCard.tsx';
import { ShiftsCard } from './components/ShiftsCard.tsx';
import { SummaryCard } from './components/SummaryCard.tsx';
import { MyBiometricsCard } from '../../features/my-biometrics/index.ts';
import { MyPinCard } from '../../features/pin/index.ts';
import { MyConsentCard } from '../../features/biometric-consent/index.ts';
import { useMyPayslips, useMyPortal, useMyShifts } from './data.ts';
import { buttonStates } from './rules.ts';
import { usePortalPunch } from './usePortalPunch.ts';

export function EmployeePortal() {
  const { t, i18n } = useTranslation();
  const { data: me } = useGetIdentity<Identity | null>();
  const id = me?.employeeId;
  const locale = intlLocale(i18n.language);
  const portal = useMyPortal(id);
  const shifts = useMyShifts(id);
  const payslips = useMyPayslips(id);
  const [scanning, setScanning] = useState<PunchAction | null>(null);
  const { onScanner, markManual } = usePortalPunch(me, () => void portal.refetch());

  const records = portal.data?.records ?? [];
  const { canCheckIn, canCheckOut, openSince } = buttonStates(records, portal.data?.today ?? '');
  // The card shows today's record, or the one left open on an earlier day.
  const latest = records.find((r) => r.date === portal.data?.today || (openSince && r.date === openSince));
  const zone = records[0]?.sites?.time_zone;
  const time = (at: string | null | undefined) =>
    at ? siteTime(at, zone, locale) : t('portal.attendance.none');

  return (
    <PortalPage testId="employee-portal" texts="portal" name={me?.name}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <AttendanceCard
            latest={latest}
            openSince={openSince}
            canCheckIn={Boolean(portal.data) && canCheckIn}
            canCheckOut={Boolean(portal.data) && canCheckOut}
            time={time}
            locale={locale}
            onScan={setScanning}
          />
        </Col>
        <Col xs={24} md={12}>
          <SummaryCard summary={portal.data?.summary} />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <RecentCard records={records} loading={portal.isLoading} time={time} locale={locale} />
        </Col>
        <Col xs={24} lg={12}>
          <NotificationsCard employeeId={id} />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <ShiftsCard shifts={shifts.data ?? []} loading={shifts.isLoading} locale={locale} />
        </Col>
        <Col xs={24} lg={8}>
          <ManualCard onMark={markManual} />
        </Col>
        <Col xs={24} lg={8}>
          <PayslipsCard payslips={payslips.data ?? []} loading={payslips.isLoading} locale={locale} />
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <EmployeeLeaveCard />
        </Col>
        {/* The fingerprint and its consent on one side, the PIN (the way without a finger) on the other. */}
        <Col xs={24} lg={12}>
          <Flex vertical gap={16}>
            <MyBiometricsCard employeeId={id} />
            <MyConsentCard />
          </Flex>
        </Col>
        <Col xs={24} lg={12}>
          <MyPinCard />
        </Col>
      </Row>

      <Modal
        open={scanning !== null}
        onCancel={() => setScanning(null)}
        footer={<Button onClick={() => setScanning(null)}>{t('portal.scanner.close')}</Button>}
        title={scanning === 'check-out' ? t('portal.scanner.checkOut') : t('portal.scanner.checkIn')}
        width={420}
        destroyOnHidden
        styles={{ body: { height: 560, padding: 0 } }}
      >
        {scanning && me && (
          <ScannerFrame
            mode="attendance"
            action={scanning}
            employees={[{ id: me.employeeId, name: me.name }]}
            onMessage={(message) => {
              if (message.type === 'fingerprint-attendance') setScanning(null);
              onScanner(message);
            }}
            height={560}
          />
        )}
      </Modal>
    </PortalPage>
  );
}
