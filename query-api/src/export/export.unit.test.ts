import { inflateRawSync } from 'node:zlib';
import { answerTable } from '@tradelog/schemas/queries/answerTable';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { answerFormatOf, tableBody } from './answerFormat.ts';
import { csvOf } from './csv.ts';
import { columnName, xlsxOf } from './xlsx.ts';

const orders = {
  flag: 'success',
  code: '200',
  message: '成功',
  page: 1,
  pageSize: 100,
  totalCount: 2,
  dataList: [
    {
      entOrderNo: 'PO-1',
      orderStatus: '20',
      consignees: { consigneeName: '深圳前海优品', consigneeNo: 'C1' },
      goodsList: [{ goodsName: '奶粉', qty: 2 }],
      tags: ['a', 'b'],
      note: 'says "hi", then\nleaves',
    },
    { entOrderNo: 'PO-2', orderStatus: null, totalAmount: 12.5, paid: true, note: '=1+1' },
  ],
  freshness: { projection: 'order-status', version: 1 },
};

describe('answerTable', () => {
  it('makes a row of each list item, nested objects dotted, lists of objects as JSON, envelope left out', () => {
    const table = answerTable(orders);
    expect(table.columns).toEqual([
      'entOrderNo',
      'orderStatus',
      'consignees.consigneeName',
      'consignees.consigneeNo',
      'goodsList',
      'tags',
      'note',
      'totalAmount',
      'paid',
    ]);
    expect(table.rows[0]).toEqual([
      'PO-1',
      '20',
      '深圳前海优品',
      'C1',
      '[{"goodsName":"奶粉","qty":2}]',
      'a; b',
      'says "hi", then\nleaves',
      null,
      null,
    ]);
    expect(table.rows[1]).toEqual(['PO-2', null, null, null, null, null, '=1+1', 12.5, true]);
  });

  it('names the list of each row when an answer has several (the link-node blocks)', () => {
    const table = answerTable({ flag: 'success', arrivalInfo: [{ no: 'A' }], purchaseInfo: [{ no: 'P' }] });
    expect(table).toEqual({
      columns: ['list', 'no'],
      rows: [
        ['arrivalInfo', 'A'],
        ['purchaseInfo', 'P'],
      ],
    });
  });

  it('finds lists one object down, and answers a list-less answer as one row', () => {
    expect(answerTable({ data: { params: { no: 'X' }, result: [{ time: 't1' }] } }).rows).toEqual([['t1']]);
    expect(answerTable({ flag: 'success', result: '000000', period: '2024' })).toEqual({
      columns: ['result', 'period'],
      rows: [['000000', '2024']],
    });
  });
});

describe('csvOf', () => {
  it('quotes every text cell, keeps numbers, and defuses formulas but not negative numbers', () => {
    const csv = csvOf({
      columns: ['a', 'b,c'],
      rows: [
        ['say "x"', 1.5],
        ['=SUM(A1)', '-5'],
        ['-x', null],
      ],
    });
    expect(csv).toBe('\uFEFF"a","b,c"\r\n"say ""x""",1.5\r\n"\'=SUM(A1)","-5"\r\n"\'-x",\r\n');
  });

  it('defuses every formula start of OWASP "CSV Injection", in the header too', () => {
    const starts = ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '  =1+1', '=HYPERLINK("http://x")'];
    const csv = csvOf({ columns: starts, rows: [starts] });
    const [header, row] = csv.replace(/^\uFEFF/, '').split(/\r\n(?=")/);
    const expected = starts.map((cell) => `"'${cell.replaceAll('"', '""')}"`).join(',');
    expect(header).toBe(expected);
    expect(row).toBe(`${expected}\r\n`);
    // Separators and line breaks stay inside their quoted cell.
    expect(csvOf({ columns: ['x'], rows: [['a,=1\r\n=2']] })).toBe('\uFEFF"x"\r\n"a,=1\r\n=2"\r\n');
    // Numbers are numbers, negative ones too.
    expect(csvOf({ columns: ['n'], rows: [[-5], ['-1.5e3'], [' -2']] })).toBe(
      '\uFEFF"n"\r\n-5\r\n"-1.5e3"\r\n" -2"\r\n',
    );
  });
});

describe('xlsxOf', () => {
  it('names columns past Z', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('is read back by an independent reader: header, text, numbers, booleans, empty cells', async () => {
    const table = answerTable(orders);
    const sheets = await readXlsxFile(xlsxOf(table, 'purchase-orders'));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(['purchase-orders']);
    const [header, first, second] = sheets[0]!.data;
    expect(header).toEqual(table.columns);
    expect(first).toEqual(table.rows[0]);
    // A formula-like text stays text in a workbook (an inline string is never run).
    expect(second).toEqual(['PO-2', null, null, null, null, null, '=1+1', 12.5, true]);
  });

  it('writes formula-like text, in the header too, as strings and never as formulas', async () => {
    const table = { columns: ['=HYPERLINK("http://x")', 'b'], rows: [['=1+1', '@SUM(A1)']] };
    const sheet = zipEntry(xlsxOf(table), 'xl/worksheets/sheet1.xml');
    expect(sheet).not.toMatch(/<f[ >]/);
    const cells = sheet.match(/<c [^>]*>/g) ?? [];
    expect(cells).toHaveLength(4);
    expect(cells.every((cell) => cell.includes('t="inlineStr"'))).toBe(true);
    const [read] = await readXlsxFile(xlsxOf(table));
    expect(read!.data).toEqual([table.columns, table.rows[0]]);
  });

  it('drops characters XML cannot hold and makes the same bytes for the same table', async () => {
    const table = { columns: ['t'], rows: [['a\u0001b<c>&']] };
    expect(xlsxOf(table).equals(xlsxOf(table))).toBe(true);
    const [sheet] = await readXlsxFile(xlsxOf(table));
    expect(sheet!.data).toEqual([['t'], ['ab<c>&']]);
  });
});

describe('answerFormatOf', () => {
  const request = (accept: string | undefined) =>
    ({
      accepts: (types: string[]) => {
        // Express's negotiation, reduced: the first listed type the header names, */* the first.
        if (!accept || accept.includes('*/*')) return types[0];
        return types.find((type) => accept.includes(type)) ?? false;
      },
    }) as Parameters<typeof answerFormatOf>[0];

  it('keeps JSON unless CSV or a workbook is asked for', () => {
    expect(answerFormatOf(request(undefined))).toBe('json');
    expect(answerFormatOf(request('text/csv'))).toBe('csv');
    expect(answerFormatOf(request('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))).toBe(
      'xlsx',
    );
  });

  it('names the file after the interface', () => {
    expect(tableBody(orders, 'csv', '/open/info/enterprise/purchase-orders').fileName).toBe(
      'purchase-orders.csv',
    );
  });
});

/** One entry of a zip made by zipOf, read from its local header (deflated, sizes in the header). */
function zipEntry(zip: Buffer, name: string): string {
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50; ) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const start = at + 30 + nameLength + extraLength;
    if (zip.toString('utf8', at + 30, at + 30 + nameLength) === name)
      return inflateRawSync(zip.subarray(start, start + size)).toString('utf8');
    at = start + size;
  }
  throw new Error(`no ${name} in the zip`);
}
