// Errors a handler throws; the error middleware renders them as the spec's error bodies.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Field path (e.g. `purchase_order_items[1].quantity`, or `base`) to its messages. */
export type FieldErrors = Record<string, string[]>;

/** 422: the record is well-formed but breaks a rule. */
export class ValidationFailed extends HttpError {
  constructor(readonly errors: FieldErrors) {
    super(422, 'validation failed: ' + Object.keys(errors).join(', '));
    this.name = 'ValidationFailed';
  }

  static field(field: string, message: string): ValidationFailed {
    return new ValidationFailed({ [field]: [message] });
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);

/** Collects field errors over several checks, so a client sees every problem at once. */
export class FieldErrorCollector {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  merge(prefix: string, other: FieldErrors): void {
    for (const [field, messages] of Object.entries(other)) {
      for (const message of messages) this.add(field === 'base' && prefix ? prefix : prefix ? `${prefix}.${field}` : field, message);
    }
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  throwIfAny(): void {
    if (!this.empty) throw new ValidationFailed(this.errors);
  }
}
