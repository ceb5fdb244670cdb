// The router fallback: 'Unexpected Application Error!' instead of a blank page.
import { Button, Result } from 'antd';
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
      <Result
        status="error"
        title={i18n.t('error.title')}
        subTitle={this.state.error.message}
        extra={<Button onClick={() => window.location.reload()}>{i18n.t('error.reload')}</Button>}
      />
    );
  }
}
