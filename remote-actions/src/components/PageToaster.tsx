import { Toaster } from '@fluentui/react-components';
import { TOASTER_ID } from '@vigil/shared';
import { useEffect, useRef } from 'react';

/**
 * The shell's Toaster, as the shell renders it: `useNotify()` reaches it by id (docs/product.md §8.2).
 * `onMounted` runs once the Toaster listens: a parent's effects run after its children's.
 */
export function PageToaster({ onMounted }: { onMounted: () => void }) {
  const mounted = useRef(onMounted);
  useEffect(() => mounted.current(), []);
  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur limit={4} />;
}
