import { Toaster } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { TOASTER_ID } from './notify';

/**
 * The console's one Toaster: `useNotify()` from any app reaches it by id (docs/product.md §8.2).
 * Loaded on first need by the shell and the public action page, so a page with no toast never
 * downloads it. `onMounted` runs once it listens: a parent's effects run after its children's.
 */
export function ConsoleToaster({ onMounted }: { onMounted?: () => void }) {
  const mounted = useRef(onMounted);
  useEffect(() => mounted.current?.(), []);
  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur limit={4} />;
}
