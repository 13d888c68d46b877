/** How often `eventually` reads again: often enough to add little to a test, rarely enough to leave the app the CPU. */
const POLL_MS = 100;

/**
 * Waits for a thing, never for a time: reads `read` until `done` holds for its value (without
 * `done`, until the value is truthy), and answers that value. After `timeoutMs` it fails naming
 * `what` and the last value read, before vitest's own test timeout would (30 s) with no word of
 * what was awaited.
 */
export function eventually<T>(read: () => T | Promise<T>, what: string, timeoutMs?: number): Promise<NonNullable<T>>;
export function eventually<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string, timeoutMs?: number): Promise<T>;
export async function eventually<T>(
  read: () => T | Promise<T>,
  doneOrWhat: ((value: T) => boolean) | string,
  whatOrTimeout?: string | number,
  timeout?: number,
): Promise<T> {
  const [done, what, timeoutMs] =
    typeof doneOrWhat === 'string'
      ? [Boolean, doneOrWhat, (whatOrTimeout as number | undefined) ?? 20_000]
      : [doneOrWhat, whatOrTimeout as string, timeout ?? 20_000];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
