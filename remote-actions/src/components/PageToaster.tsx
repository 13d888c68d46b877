import { Toaster } from '@fluentui/react-components';
import { type Notify, TOASTER_ID, useNotify } from '@vigil/shared';
import { useEffect, useRef } from 'react';

/**
 * The shell's Toaster, as the shell renders it: `useNotify()` reaches it by id (docs/product.md §8.2).
 * `onMounted` gets that `notify` once the Toaster listens: a parent's effects run after its children's.
 */
export function PageToaster({ onMounted }: { onMounted: (notify: Notify) => void }) {
  const notify = useNotify();
  const mounted = useRef(() => onMounted(notify));
  useEffect(() => mounted.current(), []);
  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur limit={4} />;
}
