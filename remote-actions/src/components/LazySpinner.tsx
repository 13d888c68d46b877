import type { SpinnerProps } from '@fluentui/react-components';
import { lazy, type ReactNode, Suspense } from 'react';

// Fluent's Spinner, fetched when first shown: the action page shows one only while an action
// runs (or, rendered in the browser alone, while the alert loads), never in the server's HTML,
// so its styles stay out of the page's first script.
const Spinner = lazy(() => import('./spinnerComponent'));

/** A Spinner, with `fallback` in its place (the button's own icon, a blank) the moment it takes to arrive. */
export function LazySpinner({ fallback = null, ...props }: SpinnerProps & { fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Spinner {...props} />
    </Suspense>
  );
}
