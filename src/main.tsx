// antd 5's static notification API renders through ReactDOM.render, gone in React 19: the official patch.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './i18n/index.ts';

// Public pages paint at once; the Supabase client loads on demand (providers/supabase.ts).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
