import { Toast, ToastBody, ToastTitle, useToastController } from '@fluentui/react-components';
import { useMemo } from 'react';
import { errorText } from '../api/errors';

/** The one toaster of the console: the shell renders `<Toaster toasterId={TOASTER_ID}>`. */
export const TOASTER_ID = 'vigil-toaster';

/** Spec §8: success toasts are titled 'Success!', error toasts 'Something went wrong!'. */
export const SUCCESS_TITLE = 'Success!';
export const ERROR_TITLE = 'Something went wrong!';

/**
 * The text of an error toast: a string as given, anything else (an `ApiError`, a thrown error,
 * a raw error body) through `errorText` — the server's detail, a list's first msg, or the fallback.
 */
export function errorToastText(errorOrText: unknown): string {
  return typeof errorOrText === 'string' ? errorOrText : errorText(errorOrText);
}

export interface Notify {
  success(text: string): void;
  error(errorOrText: unknown): void;
  /** Clears every toast (e.g. a failed attempt's error once the next one succeeds). */
  dismissAll(): void;
}

/** Toasts from anywhere (shell or remote): they reach the shell's toaster through its id. */
export function useNotify(): Notify {
  const { dispatchToast, dismissAllToasts } = useToastController(TOASTER_ID);
  return useMemo(
    () => ({
      success(text) {
        dispatchToast(
          <Toast>
            <ToastTitle>{SUCCESS_TITLE}</ToastTitle>
            <ToastBody>{text}</ToastBody>
          </Toast>,
          { intent: 'success' },
        );
      },
      error(errorOrText) {
        dispatchToast(
          <Toast>
            <ToastTitle>{ERROR_TITLE}</ToastTitle>
            <ToastBody>{errorToastText(errorOrText)}</ToastBody>
          </Toast>,
          { intent: 'error' },
        );
      },
      dismissAll() {
        dismissAllToasts();
      },
    }),
    [dispatchToast, dismissAllToasts],
  );
}
