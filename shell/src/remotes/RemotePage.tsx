import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { Component, type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { loadRemoteModule } from './remoteRegistry';

interface Props {
  remote: string;
  module: string;
  /** Shown while the remote loads and in its error message. */
  label: string;
}

type State = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; message: string };

/** Catches a remote page that throws while rendering, so the layout keeps working. */
class RemoteBoundary extends Component<{ onError: (message: string) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error.message);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** One remote's area: a spinner while it loads, an error with Retry when it cannot. */
export function RemotePage({ remote, module, label }: Props) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadRemoteModule<{ default: ComponentType }>(remote, module, { retry: attempt > 0 })
      .then((mod) => live && setState({ status: 'ready', Page: mod.default }))
      .catch((error: unknown) => live && setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [remote, module, attempt]);

  const fail = useCallback((message: string) => setState({ status: 'failed', message }), []);

  if (state.status === 'loading') return <Spinner label={`Loading ${label}…`} style={{ padding: 48 }} />;
  if (state.status === 'failed') {
    return (
      <MessageBar intent="error" role="alert" style={{ margin: 24 }}>
        <MessageBarBody>
          <MessageBarTitle>{label} could not be loaded</MessageBarTitle>
          This part of the console is unavailable right now. The rest keeps working.
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => setAttempt((n) => n + 1)}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  const { Page } = state;
  return (
    // Keyed by the remote too: a page that crashed must not keep the next route's page hidden.
    <RemoteBoundary key={`${remote}/${module}/${attempt}`} onError={fail}>
      <Page />
    </RemoteBoundary>
  );
}
