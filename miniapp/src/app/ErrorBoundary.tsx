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
    const { statusCode, message } = this.state.error as { statusCode?: unknown; message?: unknown };
    // A page's own 404 (PageError) names what is missing: "There is no issue WEB-9 here".
    return typeof statusCode === 'number' ? <ErrorPage status={statusCode} message={typeof message === 'string' ? message : undefined} /> : <ErrorPage status={500} />;
  }
}
