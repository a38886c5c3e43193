// How the bench takes a ratio of two servers (DECISIONS 267): within rounds, so that the
// machine's pace drifting between rounds cancels, with each two consecutive rounds (one in each
// order) taken together and the median of those reported.
import { expect } from 'chai';
import { type Comparison, ratioOf } from '../src/throughput.js';

/** A comparison of two targets whose rounds made these requests per second. */
const comparison = (rounds: [number, number][]): Comparison => ({ route: 'POST /x', medians: [], rounds });

describe('ratioOf', () => {
  it('is the one round’s ratio when there is one round', () => {
    expect(ratioOf(comparison([[90, 100]]), 0, 1)).to.equal(0.9);
    expect(ratioOf(comparison([[90, 100]]), 1, 0)).to.be.closeTo(1 / 0.9, 1e-12);
  });

  it('cancels the pace drifting between rounds', () => {
    // The same ratio, 0.9, at paces from 500 to 1,000 a second: medians of each target's
    // rounds, compared afterwards, would say 720 / 850 = 0.85.
    const paces = [1_000, 500, 800, 700, 900, 600];
    expect(ratioOf(comparison(paces.map((pace) => [0.9 * pace, pace])), 0, 1)).to.be.closeTo(0.9, 1e-12);
  });

  it('takes each two consecutive rounds together, so that running first or second evens out', () => {
    // The first target does 0.94 of the second when it runs first, 0.88 when it runs second.
    const ratios = [0.94, 0.88, 0.94, 0.88, 0.94, 0.88];
    const result = ratioOf(comparison(ratios.map((ratio) => [ratio * 1_000, 1_000])), 0, 1);
    expect(result).to.be.closeTo(Math.sqrt(0.94 * 0.88), 1e-12);
  });

  it('is moved little by one stray round', () => {
    const ratios = [0.9, 0.9, 0.5, 0.9, 0.9, 0.9];
    expect(ratioOf(comparison(ratios.map((ratio) => [ratio * 1_000, 1_000])), 0, 1)).to.be.closeTo(0.9, 1e-12);
  });
});
