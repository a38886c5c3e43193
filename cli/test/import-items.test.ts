import { expect } from 'chai';
import { type CurrentItem, itemChanges } from '../src/commands/purchase-orders/import/item-changes.js';

const item = (id: number, fields: Partial<CurrentItem> = {}): CurrentItem => ({
  id,
  product_name: 'Apples',
  quantity: 10,
  customer_name: null,
  custom_values: {},
  ...fields,
});

describe('import: the item changes of an existing order', () => {
  it('sends nothing when the file lists exactly the items the order has, in any order', () => {
    const current = [item(1), item(2, { product_name: 'Bananas', quantity: 5, customer_name: 'Fresh Market' })];
    const wanted = [
      { product_name: 'bananas ', quantity: 5, customer_name: 'FRESH MARKET' },
      { product_name: 'Apples', quantity: 10 },
    ];
    expect(itemChanges(current, wanted)).to.equal(undefined);
  });

  it('keeps an unchanged item even when another of the same product changed', () => {
    const current = [item(1, { quantity: 3 }), item(2)];
    expect(
      itemChanges(current, [
        { product_name: 'Apples', quantity: 10 },
        { product_name: 'Apples', quantity: 4 },
      ]),
    ).to.deep.equal([{ id: 1, quantity: 4 }]);
  });

  it('clears in place what the file leaves out: the customer, and custom values it does not list', () => {
    const current = [item(1, { customer_name: 'Fresh Market', custom_values: { lot_code: 'L-1', grade: 'A' } })];
    const wanted = [{ product_name: 'Apples', quantity: 10, custom_values: { grade: 'A' } }];
    expect(itemChanges(current, wanted)).to.deep.equal([
      { id: 1, customer_name: null, custom_values: { lot_code: null } },
    ]);
  });

  it('compares custom values as the API stores them: text for plain values, objects by their entries', () => {
    const current = [item(1, { custom_values: { temperature: '4', profile: { max: 4, min: 0 } } })];
    expect(
      itemChanges(current, [
        { product_name: 'Apples', quantity: 10, custom_values: { temperature: 4, profile: { min: 0, max: 4 } } },
      ]),
    ).to.equal(undefined);
    expect(
      itemChanges(current, [
        { product_name: 'Apples', quantity: 10, custom_values: { temperature: 5, profile: { min: 0, max: 4 } } },
      ]),
    ).to.deep.equal([{ id: 1, custom_values: { temperature: 5 } }]);
  });

  it('removes the items the file no longer lists and adds the new ones', () => {
    expect(
      itemChanges([item(1), item(2, { product_name: 'Bananas' })], [{ product_name: 'Figs', quantity: 1 }]),
    ).to.deep.equal([
      { id: 1, _destroy: true },
      { id: 2, _destroy: true },
      { product_name: 'Figs', quantity: 1 },
    ]);
    expect(itemChanges([], [{ product_name: 'Figs', quantity: 1 }])).to.deep.equal([
      { product_name: 'Figs', quantity: 1 },
    ]);
    expect(itemChanges([item(1)], [])).to.deep.equal([{ id: 1, _destroy: true }]);
  });
});
