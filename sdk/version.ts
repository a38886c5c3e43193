// Kept in code rather than read from package.json, so that browsers and bundlers need no JSON
// import; a unit test fails when these drift from package.json.
export const SDK_NAME = 'warehouse-contract-kit';
export const SDK_VERSION = '0.1.0';

/** Sent on every request so the API's operators can tell SDK traffic and its version apart. */
export const USER_AGENT = `${SDK_NAME}-sdk/${SDK_VERSION}`;
