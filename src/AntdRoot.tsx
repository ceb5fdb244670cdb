// antd's root, loaded on demand: the public pages, the 404 and the signed-in shell render inside it;
// the kiosk and the scanner (LIGHT_ROUTES in App.tsx) do not, so their first paint carries no antd.
// antd 5's static notification API renders through ReactDOM.render, gone in React 19: the official patch.
import '@ant-design/v5-patch-for-react-19';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { DocumentTitle } from './components/DocumentTitle.tsx';
import { EmptyState } from './components/EmptyState.tsx';
import { THEME } from './theme.ts';
// antd's styles rendered at build time (server/antd-styles.ts): loaded with this chunk, before antd renders.
import 'virtual:antd-styles.css';

export default function AntdRoot() {
  // antd and dayjs follow the language. The locales come from antd's ES build: the CommonJS files
  // under antd/locale/ reach the bundle as a module namespace, which antd ignores (French screens
  // had English calendars, date pickers and empty tables).
  const { i18n } = useTranslation();
  const french = i18n.language.startsWith('fr');
  dayjs.locale(french ? 'fr' : 'en');
  return (
    <ConfigProvider locale={french ? frFR : enUS} theme={THEME} renderEmpty={() => <EmptyState />}>
      <AntdApp>
        <DocumentTitle />
        <Outlet />
      </AntdApp>
    </ConfigProvider>
  );
}
