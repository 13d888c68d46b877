// Moved to @vigil/shared (the shell's prerendered pages hydrate too); kept so this remote's imports stay.
export { useHydrated } from '@vigil/shared';
