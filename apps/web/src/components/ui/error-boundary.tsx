import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Changing this (e.g. the path) clears a caught error, so navigating away recovers. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

/** A chunk that failed to download (often a new deploy replaced it): only a reload helps. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
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
    if (this.state.error && isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <main className="not-found" role="alert">
        <h1 className="not-found__title">Algo salió mal</h1>
        <p className="not-found__text">No se pudo mostrar esta pantalla. Revisa tu conexión e inténtalo otra vez.</p>
        <button type="button" className="btn btn--primary" onClick={this.retry}>
          Reintentar
        </button>
      </main>
    );
  }
}
