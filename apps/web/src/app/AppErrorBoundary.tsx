import { Component, type ReactNode } from 'react';
import { ScreenLoadFailed } from './ScreenLoadFailed';

/**
 * The last stop for an error while rendering: a dialogue whose code did not arrive (React.lazy
 * rejects), or a bug. Without it React would leave an empty page; with it the reader is told and
 * offered a reload.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The app stopped on an error while rendering', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenLoadFailed /> : this.props.children;
  }
}
