// The console's Toaster (@vigil/shared), as the shell loads it on demand too.
export { ConsoleToaster as PageToaster } from '@vigil/shared';
