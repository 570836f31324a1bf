/**
 * Catches a render error inside an island and shows a message in the page's language with a
 * retry button (which renders the island's children afresh). The rest of the page is untouched.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadFailure } from './LoadFailure';
import { logger } from '../../lib/logger';

interface State {
  failed: boolean;
}

export class IslandErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Through the one logger (silent in production builds, spec point 8); the visitor sees the message below.
    logger.warn('Island failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <LoadFailure onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
