// Refine's themed layout for back-office screens (loaded only when one is opened).
import { ThemedLayout, ThemedSider, ThemedTitle } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BackOfficeHeader } from '../BackOfficeHeader.tsx';

export default function BackOfficeLayout() {
  const { t } = useTranslation();
  return (
    <ThemedLayout
      Header={BackOfficeHeader}
      Title={({ collapsed }) => <ThemedTitle collapsed={collapsed} text={t('app.name')} />}
      Sider={(props) => <ThemedSider {...props} render={({ items }) => <>{items}</>} />}
    >
      <Outlet />
    </ThemedLayout>
  );
}
