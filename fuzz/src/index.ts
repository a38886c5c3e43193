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
export { type Connect, type Connection, type FuzzAnswer, loopback } from './send.js';
export { type Hints, only } from './values.js';
