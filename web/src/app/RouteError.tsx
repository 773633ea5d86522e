import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changing it (the URL) clears a shown error, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

/** Shown when a screen crashes or its code could not be downloaded. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: string }) {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <main className="not-found">
        <h1>Something went wrong</h1>
        <p className="muted">This page could not be shown. Check your connection and try again.</p>
        <div className="form-row">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className="btn btn-secondary">
            Home
          </a>
        </div>
      </main>
    );
  }
}
