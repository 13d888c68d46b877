import { TOASTER_ID } from '@vigil/shared';
import { type ComponentType, useEffect, useRef, useState } from 'react';

/** Fluent's event for a new toast (react-toast's EVENTS.show), sent on the document. */
const TOAST_SHOW_EVENT = 'fui-toast-show';

type LoadedToaster = ComponentType<{ onMounted: () => void }>;

/**
 * The console's Toaster, fetched when the first toast is sent: a page that never shows one (the
 * prerendered login page, most sessions' first screen) does not download Fluent's Toaster.
 * Until it is there, toasts sent to it are kept and sent again once it listens, so `useNotify()`
 * works at any time. Renders nothing before that (hydration sees what the server drew).
 */
export function ToasterOnDemand() {
  const [Toaster, setToaster] = useState<LoadedToaster | null>(null);
  const waiting = useRef<CustomEvent[]>([]);

  useEffect(() => {
    if (Toaster) return;
    const onShow = (event: Event) => {
      const { detail } = event as CustomEvent<{ toasterId?: string }>;
      if (detail?.toasterId !== TOASTER_ID) return;
      waiting.current.push(new CustomEvent(TOAST_SHOW_EVENT, { detail }));
      if (waiting.current.length > 1) return;
      import('./consoleToaster').then(
        ({ ConsoleToaster }) => setToaster(() => ConsoleToaster),
        (error: unknown) => {
          // The toast cannot show; the page keeps working, and the next toast tries again.
          console.error('Could not load the toaster', error);
          waiting.current = [];
        },
      );
    };
    document.addEventListener(TOAST_SHOW_EVENT, onShow);
    return () => document.removeEventListener(TOAST_SHOW_EVENT, onShow);
  }, [Toaster]);

  if (!Toaster) return null;
  return (
    <Toaster
      onMounted={() => {
        for (const event of waiting.current.splice(0)) document.dispatchEvent(event);
      }}
    />
  );
}
