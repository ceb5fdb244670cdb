// antd 5's static notification API renders through ReactDOM.render, gone in React 19: the official patch.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './i18n/index.ts';
import { loadSupabase } from './providers/supabase.ts';

const root = createRoot(document.getElementById('root')!);
loadSupabase().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: Error) =>
    root.render(<pre style={{ padding: 24 }}>Unexpected Application Error! {error.message}</pre>),
);
