import { Writable } from 'node:stream';
import { stripVTControlCharacters } from 'node:util';
import { expect } from 'chai';
import type { Row } from '../src/output/cells.js';
import { list, one } from '../src/output/formats/table.js';
import { tableLayout } from '../src/output/formats/table-layout.js';

/** A terminal `columns` wide that records what is written to it, without its bold headings. */
function terminal(columns: number): NodeJS.WriteStream & { text: string } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.text += stripVTControlCharacters(chunk.toString());
      done();
    },
  }) as unknown as NodeJS.WriteStream & { text: string };
  return Object.assign(sink, { text: '', isTTY: true, columns });
}

const orderColumns = ['id', 'po_number', 'location_name', 'expected_starts_at', 'expected_ends_at', 'carrier_name'];
const orders: Row[] = [
  {
    id: 1042,
    po_number: 'PO-2026-1001',
    location_name: 'Toronto DC',
    expected_starts_at: '2026-12-01T08:00:00-05:00',
    expected_ends_at: '2026-12-01T12:00:00-05:00',
    carrier_name: 'Fast Freight Logistics',
  },
  {
    id: 1043,
    po_number: 'PO-2026-1002',
    location_name: 'Vancouver Cross-Dock',
    expected_starts_at: '2026-12-02T07:30:00-08:00',
    expected_ends_at: null,
    carrier_name: null,
  },
];

async function table(columns: number, records: Row[], shown = orderColumns) {
  const stream = terminal(columns);
  const notices: string[] = [];
  const sink = list({ format: 'table', stream, columns: shown, notice: (line) => notices.push(line) });
  for (const record of records) await sink.write(record);
  await sink.end();
  return { lines: stream.text.trimEnd().split('\n'), text: stream.text, notices };
}

describe('tables at the width of the terminal', () => {
  it('keeps every column at their natural widths when the terminal is wide enough, with a rule under the heading', async () => {
    const { lines, notices } = await table(160, orders);
    expect(lines).to.have.length(6);
    expect(lines[1]).to.match(
      /│ id +│ po_number +│ location_name +│ expected_starts_at +│ expected_ends_at +│ carrier_name +│/,
    );
    expect(lines[2]).to.match(/^├─+┼─+┼─+┼─+┼─+┼─+┤$/);
    expect(lines[2]!.length).to.equal(lines[0]!.length);
    expect(lines[3]).to.include('│ Fast Freight Logistics │');
    expect(notices).to.deep.equal([]);
  });

  for (const columns of [80, 60]) {
    it(`at ${columns} columns shows whole times and names, leaving out the last columns and saying which`, async () => {
      const { lines, text, notices } = await table(columns, orders);
      for (const line of lines) expect(line.length, line).to.be.at.most(columns);
      expect(text).not.to.include('…');
      const head = lines[1]!.split('│').map((cell) => cell.trim());
      const dropped = orderColumns.filter((column) => !head.includes(column));
      expect(dropped.length).to.be.greaterThan(0);
      expect(orderColumns.slice(-dropped.length), 'the last columns go first').to.deep.equal(dropped);
      expect(notices).to.deep.equal([
        `left out ${dropped.join(', ')} to fit ${columns} columns; see them with --columns or -o json`,
      ]);
      for (const order of orders)
        for (const column of orderColumns.filter((shown) => head.includes(shown)))
          if (order[column] !== null) expect(text).to.include(String(order[column]));
    });
  }

  it('at 80 columns keeps the start time, the column a person scans for', async () => {
    const { text } = await table(80, orders);
    expect(text).to.include('2026-12-01T08:00:00-05:00').and.include('2026-12-02T07:30:00-08:00');
  });

  it('wraps long text between words rather than cutting it, keeping short columns on one line', async () => {
    const error =
      '422 Unprocessable Entity: purchase_order_items[0].quantity must be greater than 0 (POST /api/v1/purchase_orders)';
    const { lines, text, notices } = await table(
      80,
      [
        { line: 2, po_number: 'PO-1', action: 'created', id: 7, error: null },
        { line: 3, po_number: 'PO-2', action: 'failed', id: null, error },
      ],
      ['line', 'po_number', 'action', 'id', 'error'],
    );
    for (const line of lines) expect(line.length, line).to.be.at.most(80);
    expect(notices).to.deep.equal([]);
    expect(text).not.to.include('…');
    const wrapped = lines
      .slice(4, -1)
      .map((line) => line.split('│')[5]!.trim())
      .join(' ');
    expect(wrapped).to.equal(error);
    expect(lines[4]).to.match(/^│ 3 +│ PO-2 +│ failed +│ +│ 422 /);
  });

  it('breaks a word longer than its column across lines instead of cutting it, in a record of fields and values', async () => {
    const stream = terminal(60);
    const items = JSON.stringify([{ id: 1, product_name: 'Apples', quantity: 200, customer_name: 'Fresh Market' }]);
    await one(
      { format: 'table', stream, notice: () => expect.fail('a record drops no field') },
      {
        expected_starts_at: '2026-12-01T08:00:00-05:00',
        purchase_order_items: items,
      },
    );
    const lines = stream.text.trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).to.be.at.most(60);
    expect(stream.text).to.include('│ 2026-12-01T08:00:00-05:00');
    const values = lines.slice(1, -1).map((line) => line.split('│')[2]!.trim());
    expect(values.slice(1).join('')).to.equal(items);
  });

  it('breaks a path or a JSON pointer before a /, not inside a name, when it is longer than its column', async () => {
    const pointer = '/paths/~1webhook_endpoints~1{id}~1deliveries/get/responses/200/content/application~1json/schema';
    const { lines, text } = await table(
      80,
      [{ kind: 'compatible', rule: 'response-header-added', operation: 'GET /locations', pointer }],
      ['kind', 'rule', 'operation', 'pointer'],
    );
    for (const line of lines) expect(line.length, line).to.be.at.most(80);
    const pieces = lines.slice(3, -1).map((line) => line.split('│')[4]!.trim());
    expect(pieces.join('')).to.equal(pointer);
    for (const piece of pieces) expect(piece, text).to.match(/^(\/|~1)/);
  });

  it('fits 80 columns when written elsewhere than a terminal, as -o table into a file', async () => {
    const previous = process.env.COLUMNS;
    delete process.env.COLUMNS;
    try {
      const stream = Object.assign(terminal(0), { isTTY: false });
      const sink = list({ format: 'table', stream, columns: orderColumns, notice: () => {} });
      for (const record of orders) await sink.write(record);
      await sink.end();
      for (const line of stream.text.trimEnd().split('\n')) expect(line.length, line).to.be.at.most(80);
    } finally {
      if (previous !== undefined) process.env.COLUMNS = previous;
    }
  });

  it('takes COLUMNS over the terminal width, as other command-line tools do', async () => {
    const previous = process.env.COLUMNS;
    process.env.COLUMNS = '60';
    try {
      const { lines } = await table(200, orders);
      for (const line of lines) expect(line.length).to.be.at.most(60);
    } finally {
      if (previous === undefined) delete process.env.COLUMNS;
      else process.env.COLUMNS = previous;
    }
  });

  it('fits 80 columns on a terminal that reports 0, or with COLUMNS=0, instead of a letter per line', async () => {
    const previous = process.env.COLUMNS;
    try {
      for (const [columns, variable] of [
        [0, undefined],
        [200, '0'],
      ] as const) {
        if (variable === undefined) delete process.env.COLUMNS;
        else process.env.COLUMNS = variable;
        const { lines, text, notices } = await table(columns, orders);
        for (const line of lines) expect(line.length, line).to.be.at.most(80);
        expect(text).to.include('│ PO-2026-1001 │').and.include('2026-12-01T08:00:00-05:00');
        expect(notices[0]).to.match(/ to fit 80 columns;/);
      }
    } finally {
      if (previous === undefined) delete process.env.COLUMNS;
      else process.env.COLUMNS = previous;
    }
  });

  it('never leaves out the first column, and keeps every column when there is no limit', () => {
    const rows = [
      ['id', 'expected_starts_at'],
      ['1', '2026-12-01T08:00:00-05:00'],
    ];
    expect(tableLayout(rows, 10, true).shown).to.deep.equal([0]);
    expect(tableLayout(rows, undefined, true)).to.deep.equal({ shown: [0, 1] });
  });
});
