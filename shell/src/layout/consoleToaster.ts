// What toasterOnDemand.tsx fetches: a module of its own, so the chunk holds the Toaster alone.
export { ConsoleToaster } from '@vigil/shared';
