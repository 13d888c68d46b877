import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken, sessionRefused } from '../session/token';
import { alertKeys } from './alerts';
import { createSseParser } from './sseParser';

export const ALERT_CHANGES_PATH = '/api/v1/alert/changes';

/** Waits between reconnections: short first, then backing off to half a minute. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface ChangeStreamOptions {
  /** Called on `alerts-changed` and on every `ready`: a change may have slipped in before the stream was listening. */
  onChange: () => void;
  signal: AbortSignal;
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
  /** Called with the token the refused request carried (default: `sessionRefused`). */
  onUnauthorized?: (sentToken: string | null) => void;
  retryMs?: readonly number[];
}

/**
 * Reads GET /alert/changes with fetch — the bearer token goes in a header, never in a URL as
 * EventSource would need — and reconnects after any drop until `signal` aborts. A 401/403
 * ends the session like every other call of the console.
 */
export async function followAlertChanges(options: ChangeStreamOptions): Promise<void> {
  const { signal, onChange } = options;
  const doFetch = options.fetch ?? fetch;
  const retry = options.retryMs ?? RETRY_MS;
  let attempt = 0;
  while (!signal.aborted) {
    try {
      const token = (options.getToken ?? getToken)();
      const response = await doFetch(`${options.baseUrl ?? ''}${ALERT_CHANGES_PATH}`, {
        headers: { Accept: 'text/event-stream', ...(token && { Authorization: `Bearer ${token}` }) },
        credentials: 'include',
        cache: 'no-store',
        signal,
      });
      if (response.status === 401 || response.status === 403) {
        (options.onUnauthorized ?? sessionRefused)(token);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`alert changes: HTTP ${response.status}`);
      const parser = createSseParser(({ event }) => {
        if (event === 'ready') attempt = 0;
        if (event === 'ready' || event === 'alerts-changed') onChange();
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.push(chunk.value);
    } catch {
      if (signal.aborted) return;
    }
    const wait = retry[Math.min(attempt, retry.length - 1)] ?? 30_000;
    attempt++;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}

/**
 * Keeps an open console current: while mounted, every change to the user's alerts (from this
 * console, another one, another API replica or a public action link) refetches the alert
 * lists, counts, stats and histories on screen.
 */
export function useAlertChanges(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void followAlertChanges({
      signal: controller.signal,
      onChange: () => {
        void queryClient.invalidateQueries({ queryKey: alertKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['alert'] });
      },
    });
    return () => controller.abort();
  }, [enabled, queryClient]);
}
