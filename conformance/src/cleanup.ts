// Everything a run creates is registered here the moment the deployment answers the create,
// and undone in reverse order at the end of the run (also after a failure or on SIGINT and
// SIGTERM) and before the rate-limit group spends the budget the clean-up needs. Reverse
// order matters: an appointment that names a product is cancelled before the product is
// deleted.

export interface CleanupOutcome {
  /** What was created, e.g. `product 42 (cf-1a2b3c4d pagination 1)`. */
  label: string;
  /** `deleted`, `cancelled (appointments cannot be deleted)`, ... */
  outcome?: string;
  /** Why it could not be undone; the record is still in the deployment. */
  error?: string;
}

interface Entry {
  /** The record's path, e.g. `/products/42`, so that a delete the run makes itself can drop it. */
  key: string;
  label: string;
  /** Undoes the create and resolves to what was done. */
  undo: () => Promise<string>;
}

export class CleanupRegistry {
  private entries: Entry[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  readonly outcomes: CleanupOutcome[] = [];

  /**
   * Registers a record to undo. `before` names a registered record this one must outlive, such
   * as an order whose item created this customer: it is undone after that record.
   */
  add(key: string, label: string, undo: () => Promise<string>, options: { before?: string } = {}): void {
    const at = options.before === undefined ? -1 : this.entries.findIndex((entry) => entry.key === options.before);
    this.entries.splice(at === -1 ? this.entries.length : at, 0, { key, label, undo });
  }

  /** A check deleted the record itself: nothing is left to undo. */
  forget(key: string): void {
    this.entries = this.entries.filter((entry) => entry.key !== key);
  }

  /** Labels of what is registered and not yet undone. */
  get pending(): string[] {
    return this.entries.map((entry) => entry.label);
  }

  /** Everything that could not be undone so far. */
  get failures(): CleanupOutcome[] {
    return this.outcomes.filter((outcome) => outcome.error !== undefined);
  }

  /**
   * Undoes every entry, newest first. Drains never overlap, so a signal arriving during the
   * clean-up cannot undo a record twice.
   */
  drain(): Promise<void> {
    const run = this.queue.then(async () => {
      while (this.entries.length) {
        const entry = this.entries.pop()!;
        try {
          this.outcomes.push({ label: entry.label, outcome: await entry.undo() });
        } catch (error) {
          this.outcomes.push({ label: entry.label, error: (error as Error).message });
        }
      }
    });
    this.queue = run;
    return run;
  }
}
