// Spec-derived fuzzing, shared by the reference server's `npm run fuzz` and its tests.
export { type CampaignOptions, type CampaignResult, runCampaign } from './campaign.js';
export { asCurl, type FuzzRequest, type FuzzTargets, fuzzRequests } from './requests.js';
export { type FuzzAnswer, sendFuzzRequest } from './send.js';
export { fromSchema, type Hints, hostile, hostileKeys, poisoned, withKey } from './values.js';
