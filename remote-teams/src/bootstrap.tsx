// Nothing to mount: this remote's pages render inside the shell, which owns every provider.
export {};
