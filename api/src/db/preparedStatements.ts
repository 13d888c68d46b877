import pg from 'pg';

/**
 * Server-side prepared statements for the queries this process repeats, as PostgreSQL's JDBC
 * driver does by default (its prepareThreshold): a query text seen PREPARE_AFTER times is sent
 * from then on as a named statement, which each connection parses and plans once instead of on
 * every query. The hot reads (a list page, the token's user) cost PostgreSQL and the server
 * less CPU that way (docs/decisions/0014). PostgreSQL plans a prepared statement for its actual
 * parameters at first and keeps a generic plan only where that costs no more.
 *
 * Only for a PostgreSQL server: embedded PGlite runs in this process and keeps its own dialect.
 */
const PREPARE_AFTER = 3;
/** Distinct texts named per pool; past that, queries stay unnamed (a text built per call must not grow this). */
const MAX_STATEMENTS = 500;
/** Texts counted before they are named; the counts start again past this. */
const MAX_COUNTED = 5_000;

/** Query text → statement name, shared by the connections of one pool. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly uses = new Map<string, number>();
  /** Bumped by renew(): a connection holding statements of an older one deallocates them. */
  generation = 0;

  /** The name to run `text` under, or undefined while it is not (yet) worth preparing. */
  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= MAX_STATEMENTS) return name;
    const uses = (this.uses.get(text) ?? 0) + 1;
    if (uses < PREPARE_AFTER) {
      if (this.uses.size >= MAX_COUNTED) this.uses.clear();
      this.uses.set(text, uses);
      return undefined;
    }
    this.uses.delete(text);
    const named = `vigil_${this.generation}_${this.names.size}`;
    this.names.set(text, named);
    return named;
  }

  /**
   * After a schema change under running statements (a newer replica's migration): new names
   * for everything, so each connection parses every statement again against the new schema.
   */
  renew(): void {
    this.generation += 1;
    this.names.clear();
    this.uses.clear();
  }
}

/** PostgreSQL refuses a prepared statement whose result columns changed since it was planned. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));

/**
 * A pg.Client (for `new pg.Pool({ Client })`) that runs repeated parameterized queries as
 * prepared statements. A statement gone stale through a schema change is run again unnamed
 * outside a transaction; inside one the error stands (the transaction is aborted anyway), and
 * every statement gets a new name either way.
 */
export function preparingClient(names: StatementNames = new StatementNames()): typeof pg.Client {
  class PreparingClient extends pg.Client {
    /** The generation of the names this connection has prepared statements under. */
    private preparedGeneration = 0;

    // pg's query() has a dozen overloads; this one adds a name to Kysely's form, (text, values).
    // @ts-expect-error: one implementation for every overload, the others passed through unchanged.
    override query(...args: unknown[]): unknown {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) {
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      // The server's own word, from its last ReadyForQuery: never a guess from SQL text (a
      // script's BEGIN …; COMMIT, a DO block or a function can open and close transactions).
      const inTransaction = this.getTransactionStatus() !== 'I';
      if (this.preparedGeneration !== names.generation && !inTransaction) this.deallocateStale();
      const name = values.length > 0 ? names.nameOf(text) : undefined;
      if (name === undefined) return super.query(text, values);
      return super.query({ name, text, values }).catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        names.renew();
        if (inTransaction) throw error;
        return super.query(text, values);
      });
    }

    /**
     * After renew() the old names are never asked for again: free them on the server (each
     * costs the connection memory) and in pg's record of what this connection has parsed.
     */
    private deallocateStale(): void {
      this.preparedGeneration = names.generation;
      const connection = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
      if (Object.keys(connection.parsedStatements).length === 0) return;
      connection.parsedStatements = {};
      // Queued ahead of the query that follows; a failure here must not fail that query.
      super.query('DEALLOCATE ALL').catch(() => {});
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}
