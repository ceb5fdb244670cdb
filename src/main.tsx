import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './i18n/index.ts';

// Public pages paint at once; the Supabase client loads on demand (providers/supabase.ts), and antd
// with the pages that use it (AntdRoot.tsx: the React 19 patch is there).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
