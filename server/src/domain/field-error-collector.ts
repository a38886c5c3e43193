import { type FieldErrors, Invalid } from './errors.js';

/** Collects field errors over several checks, so a client sees every problem at once. */
export class FieldErrorCollector {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    const messages = this.errors[field] ?? [];
    messages.push(message);
    this.errors[field] = messages;
  }

  merge(prefix: string, other: FieldErrors): void {
    for (const [field, messages] of Object.entries(other)) {
      const path = field === 'base' && prefix ? prefix : prefix ? `${prefix}.${field}` : field;
      for (const message of messages) this.add(path, message);
    }
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw new Invalid(this.errors);
  }
}
