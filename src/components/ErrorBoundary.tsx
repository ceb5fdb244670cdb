// The router fallback: 'Unexpected Application Error!' instead of a blank page. Plain DOM (no antd):
// it sits at the root, above the kiosk, whose first paint carries no antd.
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n/index.ts';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        style={{
          maxWidth: 560,
          margin: '64px auto',
          padding: '0 24px',
          textAlign: 'center',
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
          color: 'rgba(0, 0, 0, 0.88)',
        }}
      >
        <div aria-hidden style={{ fontSize: 56, lineHeight: 1, color: '#ff4d4f' }}>
          ⊗
        </div>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: '24px 0 8px' }}>{i18n.t('error.title')}</h1>
        <p style={{ margin: '0 0 24px', color: 'rgba(0, 0, 0, 0.45)' }}>{this.state.error.message}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{
            padding: '4px 15px',
            height: 32,
            fontSize: 14,
            borderRadius: 6,
            border: '1px solid #d9d9d9',
            background: '#fff',
            cursor: 'pointer',
          }}
        >
          {i18n.t('error.reload')}
        </button>
      </div>
    );
  }
}
