import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './App.tsx';
import './i18n/index.ts';

// Public pages paint at once; the Supabase client loads on demand (data/client.ts), and antd
// with the pages that use it (AntdRoot.tsx: the React 19 patch is there). The first render waits
// for the parts of the page asked for (fetched together), so it renders them without suspending.
// A password-recovery link that landed elsewhere on the site (the auth server falls back to the
// site's root) opens the 'Set a new password' screen, with the link's fragment for supabase-js.
if (/(^#|&)type=recovery(&|$)/.test(location.hash) && location.pathname !== '/reset-password')
  history.replaceState(null, '', `/reset-password${location.hash}`);
const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A part that failed to load is asked for again by the render, which shows the error.
preloadRoute(location.pathname).then(render, render);
