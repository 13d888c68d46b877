import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { Component, type ComponentType, type ReactNode, useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PageSpinner } from '../layout/PageSpinner';
import { useDeclaredRoutes } from './declaredRoutes';
import { ensureRemotesMapRead, IncompatibleRemoteError, loadRemoteModule } from './remoteRegistry';

interface Props {
  remote: string;
  module: string;
  /** Shown while the remote loads and in its error message. */
  label: string;
}

type State =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType }
  | { status: 'failed'; message: string }
  /** Its build needs shared libraries this console does not provide (the compatibility guard). */
  | { status: 'incompatible'; message: string };

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
  // React Router keys the location the app opened on 'default'; every navigation gets a new key.
  // Read when a load starts: a change of page or query alone does not reload the remote.
  const location = useLocation();
  const onInitialPage = useEffectEvent(() => location.key === 'default');

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadRemoteModule<{ default: ComponentType }>(remote, module, {
      label,
      retry: attempt > 0,
      initialPage: onInitialPage(),
    })
      .then((mod) => live && setState({ status: 'ready', Page: mod.default }))
      .catch((error: unknown) => {
        if (!live) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({ status: error instanceof IncompatibleRemoteError ? 'incompatible' : 'failed', message });
      });
    return () => {
      live = false;
    };
  }, [remote, module, label, attempt]);

  const fail = useCallback((message: string) => setState({ status: 'failed', message }), []);

  if (state.status === 'loading') return <Spinner label={`Loading ${label}…`} style={{ padding: 48 }} />;
  if (state.status === 'failed' || state.status === 'incompatible') {
    const incompatible = state.status === 'incompatible';
    return (
      <MessageBar intent="error" role="alert" style={{ margin: 24 }}>
        <MessageBarBody>
          <MessageBarTitle>{incompatible ? `${label} does not fit this console` : `${label} could not be loaded`}</MessageBarTitle>
          {incompatible
            ? `${state.message} An administrator can release a compatible version; Retry then loads it. The rest keeps working.`
            : 'This part of the console is unavailable right now. The rest keeps working.'}
        </MessageBarBody>
        <MessageBarActions>
          {/* Retry reads the remotes map again: after a release it loads the new version. */}
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

/**
 * A signed-in path while the remotes map is not read: every remote page's route comes from the
 * map, so which page the path is cannot be known yet. A spinner while it is read; when it cannot
 * be, an error with Retry in the page's area while the layout keeps working. Once the map is
 * read, a path no route matches is the 404 screen.
 */
export function RemotesMapPending() {
  const { status } = useDeclaredRoutes();
  if (status !== 'failed') return <PageSpinner label="Loading…" />;
  return (
    <MessageBar intent="error" role="alert" style={{ margin: 24 }}>
      <MessageBarBody>
        <MessageBarTitle>This page could not be loaded</MessageBarTitle>
        The list of the console's pages could not be read. The rest keeps working.
      </MessageBarBody>
      <MessageBarActions>
        {/* Reads the map again: its routes, this page's among them, appear once it answers. */}
        <Button onClick={ensureRemotesMapRead}>Retry</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
