/** A clock tests move by hand: the app's `now` (signed links' expiry, escalation timing). */
export class TestClock {
  private ms = Date.now();

  readonly now = (): Date => new Date(this.ms);

  advance(ms: number): void {
    this.ms += ms;
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}
