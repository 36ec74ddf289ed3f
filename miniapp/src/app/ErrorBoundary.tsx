import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isCrawler } from '../lib/crawler.ts';
import { log } from '../lib/logger.ts';
import { ErrorPage } from './ErrorPage.tsx';

interface Props {
  resetKey: string;
  children: ReactNode;
}

/** Unhandled errors show the 500 page; crawlers get nothing (spec §8). A navigation resets it. */
export class ErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    log.error('unhandled error', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    if (isCrawler()) return null;
    const status = (this.state.error as { statusCode?: unknown }).statusCode;
    return <ErrorPage status={typeof status === 'number' ? status : 500} />;
  }
}
