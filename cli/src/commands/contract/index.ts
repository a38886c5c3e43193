import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { diff } from './diff.js';

export const contract = new Command('contract').addCommand(diff).addHelpText(
  'after',
  `
The contract's version is in every answer's Contract-Version header; whctl --version --base-url
URL prints a deployment's.
${examples('whctl contract diff openapi.yaml http://acme.localhost:3000/api/v1/openapi.json')}`,
);
