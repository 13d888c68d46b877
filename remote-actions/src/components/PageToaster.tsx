import { ConsoleToaster, type Notify, useNotify } from '@vigil/shared';

/** The console's Toaster (@vigil/shared), handing the page its `notify` once it listens. */
export function PageToaster({ onMounted }: { onMounted: (notify: Notify) => void }) {
  const notify = useNotify();
  return <ConsoleToaster onMounted={() => onMounted(notify)} />;
}
