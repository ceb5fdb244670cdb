// The NACHA reader the integration tests use: it accepts a well-formed file (built here field by
// field from the Nacha record layouts) and rejects each kind of damage a bank would reject.
import { describe, expect, it } from 'vitest';
import { parseCsv, parseNacha } from './nacha.ts';

const a = (value: string, n: number) => value.padEnd(n, ' ').slice(0, n);
const z = (value: number, n: number) => String(value).padStart(n, '0');

// Two PPD credits: $1,234.56 to checking at 071000013, $100.00 to savings at 081904808.
// Entry hash 07100001 + 08190480 = 15290481; credits 133456 cents; 6 records → 4 of padding.
function sample(): string[] {
  return [
    '101 071000013' +
      a('1234567890', 10) +
      '2610300930' +
      'A094101' +
      a('JPMORGAN CHASE', 23) +
      a('POINTAGE INC', 23) +
      a('', 8),
    '5220' +
      a('POINTAGE INC', 16) +
      a('', 20) +
      a('1234567890', 10) +
      'PPD' +
      a('PAYROLL', 10) +
      a('OCT26', 6) +
      '261102' +
      '   ' +
      '1' +
      '07100001' +
      '0000001',
    '622' +
      '071000013' +
      a('123456789', 17) +
      z(123456, 10) +
      a('PAAAA', 15) +
      a('ADA LOVELACE', 22) +
      '  ' +
      '0' +
      '07100001' +
      z(1, 7),
    '632' +
      '081904808' +
      a('5550001', 17) +
      z(10000, 10) +
      a('PBBBB', 15) +
      a('ALAN TURING', 22) +
      '  ' +
      '0' +
      '07100001' +
      z(2, 7),
    '8220' +
      z(2, 6) +
      z(15290481, 10) +
      z(0, 12) +
      z(133456, 12) +
      a('1234567890', 10) +
      a('', 19) +
      a('', 6) +
      '07100001' +
      '0000001',
    '9' + z(1, 6) + z(1, 6) + z(2, 8) + z(15290481, 10) + z(0, 12) + z(133456, 12) + a('', 39),
    ...Array.from({ length: 4 }, () => '9'.repeat(94)),
  ];
}
const text = (lines: string[]) => lines.join('\n') + '\n';

describe('NACHA reader', () => {
  it('reads a well-formed PPD credit file', () => {
    const file = parseNacha(text(sample()));
    expect(file).toMatchObject({
      secCode: 'PPD',
      serviceClass: '220',
      companyId: '1234567890',
      blockCount: 1,
    });
    expect(file.entries.map((e) => [e.transactionCode, e.routing, e.account, e.cents, e.name])).toEqual([
      ['22', '071000013', '123456789', 123456, 'ADA LOVELACE'],
      ['32', '081904808', '5550001', 10000, 'ALAN TURING'],
    ]);
    expect(file.totalCreditCents).toBe(133456);
  });

  const damaged: Array<[string, (lines: string[]) => string[]]> = [
    ['a short record', (l) => l.map((x, i) => (i === 2 ? x.slice(0, 93) : x))],
    ['no padding to 10 records', (l) => l.slice(0, 6)],
    [
      'a wrong routing check digit',
      (l) => l.map((x, i) => (i === 2 ? x.slice(0, 11) + '4' + x.slice(12) : x)),
    ],
    [
      'an entry hash that does not add up',
      (l) => l.map((x, i) => (i === 4 ? x.slice(0, 10) + z(15290482, 10) + x.slice(20) : x)),
    ],
    [
      'a credit total that does not add up',
      (l) => l.map((x, i) => (i === 5 ? x.slice(0, 43) + z(133457, 12) + x.slice(55) : x)),
    ],
    ['a wrong block count', (l) => l.map((x, i) => (i === 5 ? x.slice(0, 7) + z(2, 6) + x.slice(13) : x))],
    ['a debit in a credits-only batch', (l) => l.map((x, i) => (i === 2 ? '627' + x.slice(3) : x))],
    ['trace numbers out of sequence', (l) => l.map((x, i) => (i === 3 ? x.slice(0, 87) + z(5, 7) : x))],
    ['padding that is not all 9s', (l) => l.map((x, i) => (i === 9 ? '8'.repeat(94) : x))],
  ];
  it.each(damaged)('rejects %s', (_, damage) => {
    expect(() => parseNacha(text(damage(sample())))).toThrow(/NACHA/);
  });
});

describe('CSV reader', () => {
  it('reads ; separated fields with quotes and CRLF line ends', () => {
    expect(parseCsv('NAME;AMOUNT\r\n"DOE; JANE";100\r\n"O""NEIL";5\r\n')).toEqual([
      { NAME: 'DOE; JANE', AMOUNT: '100' },
      { NAME: 'O"NEIL', AMOUNT: '5' },
    ]);
  });
});
