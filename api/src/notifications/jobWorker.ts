import type { FastifyBaseLogger } from 'fastify';

/**
 * What the worker needs of a queue: pg-boss's public fetch, complete and fail (stable across
 * its versions), bound to one queue by jobQueue.ts.
 */
export interface JobSource<J> {
  fetch(): Promise<J[]>;
  complete(ids: string[]): Promise<unknown>;
  fail(ids: string[], error: Error): Promise<unknown>;
}

export interface JobWorkerOptions {
  /** Jobs one fetch takes; a full fetch is followed by another at once. */
  batchSize: number;
  /** The pause after a fetch that found fewer jobs, unless woken. */
  pollingIntervalMs: number;
  log: FastifyBaseLogger;
  /** Errors not worth a log line: a lost database (logged once as an outage), a stopped queue. */
  isQuiet: (error: unknown) => boolean;
}

/**
 * Fetches jobs and records each batch's outcome, awaiting every command it sends: pg-boss's own
 * worker completes or fails a batch without awaiting it, so an error there (the database gone
 * meanwhile) was an unhandled rejection, which the adapter used to catch by recognising
 * pg-boss's SQL text. Here the outcome commands are ours: a failed one is logged (quietly for
 * a lost database), and the job, still active, is retried once it expires.
 */
export class JobWorker<J extends { id: string }> {
  private stopping = false;
  /** Woken since the last fetch began: the next one starts without a pause. */
  private woken = false;
  private wakeUp?: () => void;
  private loop?: Promise<void>;

  constructor(
    private readonly source: JobSource<J>,
    private readonly handle: (jobs: J[]) => Promise<void>,
    private readonly options: JobWorkerOptions,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** Fetches now rather than at the end of the polling pause. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Resolves once the batch under way (if any) is handled and its outcome recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let jobs: J[] = [];
      try {
        jobs = await this.source.fetch();
      } catch (error) {
        this.report(error, 'job queue error');
      }
      if (jobs.length > 0) await this.runBatch(jobs);
      if (jobs.length < this.options.batchSize && !this.stopping && !this.woken) await this.pause();
    }
  }

  private async runBatch(jobs: J[]): Promise<void> {
    const ids = jobs.map((job) => job.id);
    let failure: Error | undefined;
    try {
      // No timeout here: the handler bounds its own sends, and then waits for the database as
      // long as it takes to record what it sent (notifications/delivery.ts). Failing its jobs
      // meanwhile would have them sent again.
      await this.handle(jobs);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    try {
      // A job the handler already failed itself is no longer active: completing it changes nothing.
      await (failure ? this.source.fail(ids, failure) : this.source.complete(ids));
    } catch (error) {
      this.report(error, 'job outcome not recorded: the job is retried once it expires');
    }
  }

  private async pause(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.options.pollingIntervalMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
    this.wakeUp = undefined;
  }

  private report(error: unknown, message: string): void {
    if (!this.options.isQuiet(error)) this.options.log.error({ err: error }, message);
  }
}
