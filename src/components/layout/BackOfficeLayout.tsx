// Refine's themed layout for back-office screens (loaded only when one is opened).
import { ThemedLayout, ThemedSider } from '@refinedev/antd';
import { Grid } from 'antd';
import { Outlet } from 'react-router';
import { BackOfficeHeader } from '../BackOfficeHeader.tsx';
import { AppTitle } from './AppTitle.tsx';

/** Below antd's `lg` the sider becomes a drawer whose button is fixed at the content's top-left
 * corner; the content steps aside so the button never covers a page title (tablets in portrait). */
const DRAWER_BUTTON_ROOM = 48;

export default function BackOfficeLayout() {
  const { lg } = Grid.useBreakpoint();
  const drawer = lg === false;
  return (
    <ThemedLayout
      Header={BackOfficeHeader}
      Title={AppTitle}
      Sider={(props) => <ThemedSider {...props} render={({ items }) => <>{items}</>} />}
    >
      <div style={drawer ? { paddingLeft: DRAWER_BUTTON_ROOM } : undefined}>
        <Outlet />
      </div>
    </ThemedLayout>
  );
}
