import { Component, type ErrorInfo, type ReactNode } from 'react';

import { Button } from './button';

interface Props {
  children: ReactNode;
  /** Changing this (e.g. the path) clears a caught error, so navigating away recovers. */
  resetKey?: string;
  /**
   * What 'Reintentar' really retries (a fresh lazy import of the page, failed queries reset) before the
   * page renders again. Without it a failed chunk can only be fixed by reloading.
   */
  onRetry?: (error: Error) => void;
  /** Frames the error (the header and bottom navigation around it), so the user is never stranded. */
  frame?: (content: ReactNode) => ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

/** A chunk that failed to download (often a new deploy replaced it): only a reload helps. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/**
 * Catches a page that fails to render or to load, so one broken screen never blanks the whole app.
 * Shows a Spanish message with 'Reintentar'.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[page] render failed', error, info.componentStack);
  }

  private readonly retry = (): void => {
    const { error } = this.state;
    if (!error) return;
    if (this.props.onRetry) this.props.onRetry(error);
    else if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    const content = (
      <section className="not-found" role="alert">
        <h1 className="not-found__title">Algo salió mal</h1>
        <p className="not-found__text">No se pudo mostrar esta pantalla. Revisa tu conexión e inténtalo otra vez.</p>
        <Button variant="primary" onClick={this.retry}>
          Reintentar
        </Button>
      </section>
    );
    return this.props.frame ? this.props.frame(content) : content;
  }
}
