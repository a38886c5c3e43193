// Spec-derived fuzzing, shared by the reference server's `npm run fuzz` and its tests and by the
// conformance suite's robustness group.
export {
  type CampaignFailure,
  type CampaignOptions,
  type CampaignResult,
  describeFailure,
  runCampaign,
} from './campaign.js';
export { asCurl, type FuzzRequest, type FuzzTargets, fuzzRequests } from './requests.js';
export { type Connect, type Connection, type FuzzAnswer, loopback, sendFuzzRequest } from './send.js';
export { fromSchema, type Hints, hostile, hostileKeys, only, poisoned, withKey } from './values.js';
