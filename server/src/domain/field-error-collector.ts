import { type FieldErrors, Invalid } from './errors.js';

/**
 * Collects field errors over several checks, so a client sees every problem at once. Field
 * paths hold user-chosen keys (`custom_values.constructor`), so they live in a Map and become
 * an object's own properties only at the end, never touching a prototype.
 */
export class FieldErrorCollector {
  private readonly errors = new Map<string, string[]>();

  add(field: string, message: string): void {
    const messages = this.errors.get(field);
    if (!messages) this.errors.set(field, [message]);
    else if (!messages.includes(message)) messages.push(message);
  }

  /** Keeps `field`'s place among the errors for a check made later, which may add to it or not. */
  reserve(field: string): void {
    if (!this.errors.has(field)) this.errors.set(field, []);
  }

  merge(prefix: string, other: FieldErrors): void {
    for (const [field, messages] of Object.entries(other)) {
      const path = field === 'base' && prefix ? prefix : prefix ? `${prefix}.${field}` : field;
      for (const message of messages) this.add(path, message);
    }
  }

  get empty(): boolean {
    for (const messages of this.errors.values()) if (messages.length > 0) return false;
    return true;
  }

  throwIfAny(): void {
    if (!this.empty)
      throw new Invalid(Object.fromEntries([...this.errors].filter(([, messages]) => messages.length > 0)));
  }
}
