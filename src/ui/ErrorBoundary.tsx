import { Component, type ReactNode } from 'react';

/** Props of the boundary: what to guard, and what to show instead once it threw. */
type Props = {
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
  onError?: (error: unknown) => void;
};
type State = { failed: boolean };

/**
 * Catches a render error in a screen so a bug never leaves a blank frame: the fallback says what
 * happened and offers to try again (which renders the children afresh).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static override getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError?.(error);
  }

  override render() {
    if (this.state.failed) return this.props.fallback(() => this.setState({ failed: false }));
    return this.props.children;
  }
}
