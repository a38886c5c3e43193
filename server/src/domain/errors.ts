// What the domain rules refuse, in the domain's own words. None of these knows about HTTP: the
// HTTP layer's error map decides how each kind is answered, and other callers (provisioning,
// bulk uploads) read them as they see fit.

/** Field path (e.g. `purchase_order_items[1].quantity`, or `base`) to its messages. */
export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A record or location that does not exist, or that the caller may not see (which must read the same). */
export class NotFound extends DomainError {}

/** The caller has no access, or too little, at a location. */
export class AccessDenied extends DomainError {}

/**
 * Input a rule cannot work with at all, as opposed to a record that breaks a rule: a location
 * name required but missing or contradicting another, an unreadable time, a date out of range.
 */
export class BadInput extends DomainError {}

/**
 * The write collided with a concurrent one (two requests creating the same customer, SKU or
 * purchase order at the same moment, a deadlock): nothing is wrong with the request, and
 * running it again settles it (DECISIONS 66).
 */
export class Conflict extends DomainError {}

/** What the request points at is gone for good, such as events deleted after their retention (DECISIONS 177). */
export class Expired extends DomainError {}

/** A well-formed record that breaks rules, with every problem keyed by its field path. */
export class Invalid extends DomainError {
  constructor(readonly errors: FieldErrors) {
    super(`validation failed: ${Object.keys(errors).join(', ')}`);
  }

  static field(field: string, message: string): Invalid {
    return new Invalid({ [field]: [message] });
  }
}
