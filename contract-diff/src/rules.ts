// The rules by which a change of the contract is breaking or compatible for a client that was
// built against the base (DECISIONS 352). A request is what the client sends, so narrowing what
// it may send breaks it; a response is what it reads, so widening what it may read breaks it.
// Webhook payloads are read by the client, so they follow the response rules, and the receiver's
// answers follow the request rules. Each rule has a fixture pair in spec/test/fixtures.

export type ChangeKind = 'breaking' | 'compatible';

export interface Rule {
  kind: ChangeKind;
  /** What the rule finds, as a sentence fragment after "the change". */
  summary: string;
}

const breaking = (summary: string): Rule => ({ kind: 'breaking', summary });
const compatible = (summary: string): Rule => ({ kind: 'compatible', summary });

export const rules = {
  'path-removed': breaking('removes a path, with every operation on it'),
  'operation-removed': breaking('removes an operation'),
  'operation-added': compatible('adds an operation'),
  'operation-id-changed': breaking('renames an operation, which generated clients name their functions after'),
  'operation-deprecated': compatible('deprecates an operation'),
  'security-requirement-removed': breaking('removes a way to authenticate an operation'),
  'security-requirement-added': compatible('adds a way to authenticate an operation'),
  'security-scheme-changed': breaking('changes how a security scheme sends its credentials'),
  'parameter-removed': breaking('removes a parameter'),
  'parameter-added-required': breaking('adds a required parameter'),
  'parameter-added-optional': compatible('adds an optional parameter'),
  'parameter-became-required': breaking('makes a parameter required'),
  'parameter-became-optional': compatible('makes a parameter optional'),
  'parameter-serialization-changed': breaking("changes a parameter's style or explode"),
  'request-body-removed': breaking('removes the request body'),
  'request-body-became-required': breaking('adds a required request body, or makes the body required'),
  'request-body-became-optional': compatible('makes the request body optional, or adds an optional one'),
  'request-media-type-removed': breaking('stops accepting a media type'),
  'request-media-type-added': compatible('accepts another media type'),
  'request-property-removed': breaking('removes a request field'),
  'request-property-added-required': breaking('adds a required request field'),
  'request-property-added-optional': compatible('adds an optional request field'),
  'request-property-became-required': breaking('makes a request field required'),
  'request-property-became-optional': compatible('makes a request field optional'),
  'request-properties-closed': breaking('refuses request fields it used to accept beyond those listed'),
  'request-properties-opened': compatible('accepts request fields beyond those listed'),
  'request-type-narrowed': breaking('accepts fewer types in a request'),
  'request-type-widened': compatible('accepts more types in a request'),
  'request-enum-narrowed': breaking('removes an accepted value from a request enum or const'),
  'request-enum-widened': compatible('accepts more values of a request enum, or drops the enum'),
  'request-bound-tightened': breaking('tightens a length, size, count or range bound of a request value'),
  'request-bound-relaxed': compatible('relaxes or drops a bound of a request value'),
  'request-pattern-added': breaking('adds a pattern to a request value'),
  'request-pattern-changed': breaking('changes the pattern of a request value'),
  'request-pattern-removed': compatible('drops the pattern of a request value'),
  'request-format-added': breaking('adds or changes the format of a request value'),
  'request-format-removed': compatible('drops the format of a request value'),
  'request-alternative-removed': breaking('removes an alternative (oneOf/anyOf) a request may take'),
  'request-alternative-added': compatible('adds an alternative (oneOf/anyOf) a request may take'),
  'request-constraint-added': breaking('adds an allOf member, or a not, to a request schema'),
  'request-constraint-removed': compatible('removes an allOf member, or a not, from a request schema'),
  'request-default-changed': breaking('changes the default the server applies to an omitted request value'),
  'request-refusal-stated': compatible(
    "narrows a request value only by values the base's descriptions said are refused, as the revision's x-stated-refusals shows",
  ),
  'response-status-removed': breaking('removes a response status'),
  'response-status-added': compatible('adds a response status'),
  'response-media-type-removed': breaking('stops answering in a media type'),
  'response-media-type-added': compatible('answers in another media type'),
  'response-header-removed': breaking('removes a response header'),
  'response-header-became-optional': breaking('makes a response header optional'),
  'response-header-added': compatible('adds a response header, or makes one required'),
  'response-property-removed': breaking('removes a response field'),
  'response-property-became-optional': breaking('makes a response field optional'),
  'response-property-added': compatible('adds a response field, or makes one required'),
  'response-properties-opened': breaking('may answer with fields beyond those listed, which it used to rule out'),
  'response-properties-closed': compatible('answers with no fields beyond those listed'),
  'response-type-widened': breaking('answers with more types'),
  'response-type-narrowed': compatible('answers with fewer types'),
  'response-enum-widened': breaking('adds a value to a response enum, or drops the enum or const'),
  'response-enum-narrowed': compatible('answers with fewer values of an enum'),
  'response-bound-relaxed': breaking('relaxes or drops a bound of a response value'),
  'response-bound-tightened': compatible('tightens a bound of a response value'),
  'response-pattern-changed': breaking('changes or drops the pattern of a response value'),
  'response-pattern-added': compatible('adds a pattern to a response value'),
  'response-format-changed': breaking('changes or drops the format of a response value'),
  'response-format-added': compatible('adds a format to a response value'),
  'response-alternative-added': breaking('adds an alternative (oneOf/anyOf) a response may take'),
  'response-alternative-removed': compatible('removes an alternative (oneOf/anyOf) a response may take'),
  'response-constraint-removed': breaking('removes an allOf member, or a not, from a response schema'),
  'response-constraint-added': compatible('adds an allOf member, or a not, to a response schema'),
  'discriminator-changed': breaking('changes or removes a discriminator that generated clients narrow unions by'),
  'discriminator-added': compatible('adds a discriminator'),
  'schema-changed': breaking('changes a schema keyword no other rule classifies'),
  'server-added': compatible('lists another server'),
  'server-removed': compatible('no longer lists a server (clients name their deployment themselves)'),
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof rules;

/** A rule id for a request or response, e.g. `request-bound-tightened`. */
export type DirectedRule<Suffix extends string> = Extract<RuleId, `${'request' | 'response'}-${Suffix}`>;
