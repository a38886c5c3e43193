import { expect } from 'chai';
import { commandName, createProgram } from '../src/program.js';

describe('finding the command to load', () => {
  const name = (...args: string[]) => commandName(createProgram(), args);

  it('is the first word that is not an option', () => {
    expect(name('products', 'list', '--all')).to.equal('products');
  });

  it('skips global options and the values they take, in both spellings', () => {
    expect(name('--output', 'json', '--token', 'products', 'purchase-orders', 'list')).to.equal('purchase-orders');
    expect(name('-o', 'csv', '--quiet', 'companies')).to.equal('companies');
    expect(name('--base-url=http://acme.localhost:3000', 'locations')).to.equal('locations');
    expect(name('-qo', 'csv', 'products')).to.equal('products');
    expect(name('-ocsv', 'products')).to.equal('products');
  });

  it('is the named command for "help <command>"', () => {
    expect(name('help', 'api')).to.equal('api');
    expect(name('help')).to.equal(undefined);
  });

  it('is nothing when only options are given, or after --', () => {
    expect(name('--version')).to.equal(undefined);
    expect(name('--', 'products')).to.equal(undefined);
  });
});
