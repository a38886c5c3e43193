import { expect } from 'chai';
import { pageLinks, pageRequest } from '../src/domain/pagination.js';

describe('pagination arithmetic', () => {
  it('starts a page where the previous pages end, 25 to a page unless asked otherwise', () => {
    expect(pageRequest({})).to.deep.equal({ page: 1, perPage: 25, offset: 0 });
    expect(pageRequest({ page: 3, per_page: 10 })).to.deep.equal({ page: 3, perPage: 10, offset: 20 });
  });

  it('links the middle page of three to every neighbour', () => {
    expect(pageLinks(pageRequest({ page: 2, per_page: 10 }), 30)).to.deep.equal({
      totalPages: 3,
      links: [
        { rel: 'first', page: 1 },
        { rel: 'prev', page: 1 },
        { rel: 'next', page: 3 },
        { rel: 'last', page: 3 },
      ],
    });
  });

  it('gives an empty result one page, with neither prev nor next', () => {
    expect(pageLinks(pageRequest({}), 0)).to.deep.equal({
      totalPages: 1,
      links: [
        { rel: 'first', page: 1 },
        { rel: 'last', page: 1 },
      ],
    });
  });

  it('links a page past the end back to the last page', () => {
    expect(pageLinks(pageRequest({ page: 9, per_page: 10 }), 25).links).to.deep.equal([
      { rel: 'first', page: 1 },
      { rel: 'prev', page: 3 },
      { rel: 'last', page: 3 },
    ]);
  });
});
