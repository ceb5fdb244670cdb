// A NACHA ACH file reader for the tests: it re-reads a generated file field by field (Nacha
// Operating Rules, Appendix Three) and throws on anything a bank's ACH front end would reject:
// a record that is not 94 characters, records out of order, a bad routing check digit, counts,
// entry hash or totals that do not add up, or a file not padded to blocks of 10 records.

export interface AchEntry {
  transactionCode: string;
  routing: string;
  account: string;
  cents: number;
  identification: string;
  name: string;
  trace: string;
}
export interface AchFile {
  destination: string;
  origin: string;
  creationDate: string;
  destinationName: string;
  originName: string;
  companyName: string;
  companyId: string;
  secCode: string;
  serviceClass: string;
  effectiveDate: string;
  odfi: string;
  entries: AchEntry[];
  totalCreditCents: number;
  blockCount: number;
  recordCount: number;
}

const fail = (message: string): never => {
  throw new Error(`NACHA: ${message}`);
};

const abaValid = (routing: string) => {
  const d = [...routing].map(Number);
  return (
    /^[0-9]{9}$/.test(routing) &&
    (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + d[2]! + d[5]! + d[8]!) % 10 === 0
  );
};
const num = (field: string, what: string) => {
  if (!/^[0-9]+$/.test(field)) fail(`${what} is not numeric: '${field}'`);
  return Number(field);
};

export function parseNacha(text: string): AchFile {
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  lines.forEach((line, i) => line.length !== 94 && fail(`record ${i + 1} has ${line.length} characters`));
  if (lines.length % 10 !== 0) fail(`${lines.length} records: not a multiple of the blocking factor 10`);
  const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

  const header = lines[0]!;
  if (at(header, 1, 3) !== '101') fail('the file does not start with a file header (1, priority 01)');
  if (at(header, 34, 40) !== 'A094101') fail('file header: modifier, record size, blocking, format');
  const batch = lines[1]!;
  if (batch[0] !== '5') fail('the file header is not followed by a batch header');
  const entries: AchEntry[] = [];
  let i = 2;
  while (lines[i]?.[0] === '6') {
    const e = lines[i]!;
    const routing = at(e, 4, 12);
    if (!abaValid(routing)) fail(`entry ${entries.length + 1}: routing ${routing} fails the check digit`);
    entries.push({
      transactionCode: at(e, 2, 3),
      routing,
      account: at(e, 13, 29).trimEnd(),
      cents: num(at(e, 30, 39), 'amount'),
      identification: at(e, 40, 54).trimEnd(),
      name: at(e, 55, 76).trimEnd(),
      trace: at(e, 80, 94),
    });
    if (at(e, 79, 79) !== '0') fail('addenda records are not expected');
    i++;
  }
  const control = lines[i++] ?? fail('no batch control');
  if (control[0] !== '8') fail(`record ${i} should be the batch control`);
  const fileControl = lines[i++] ?? fail('no file control');
  if (fileControl[0] !== '9' || fileControl === '9'.repeat(94))
    fail(`record ${i} should be the file control`);
  for (const pad of lines.slice(i)) if (pad !== '9'.repeat(94)) fail('padding records must be all 9s');

  const hash = entries.reduce((sum, e) => sum + Number(e.routing.slice(0, 8)), 0) % 10_000_000_000;
  const credits = entries.reduce((sum, e) => sum + e.cents, 0);
  const serviceClass = at(batch, 2, 4);
  const odfi = at(batch, 80, 87);
  if (at(control, 2, 4) !== serviceClass) fail('batch control service class differs from the header');
  if (num(at(control, 5, 10), 'entry count') !== entries.length) fail('batch entry count');
  if (num(at(control, 11, 20), 'entry hash') !== hash) fail('batch entry hash');
  if (num(at(control, 21, 32), 'debit total') !== 0) fail('a credit batch has debits');
  if (num(at(control, 33, 44), 'credit total') !== credits) fail('batch credit total');
  if (at(control, 45, 54) !== at(batch, 41, 50)) fail('batch control company id differs from the header');
  if (at(control, 80, 87) !== odfi || at(control, 88, 94) !== at(batch, 88, 94))
    fail('batch control ODFI / number');
  entries.forEach((e, n) => {
    if (e.trace !== `${odfi}${String(n + 1).padStart(7, '0')}`)
      fail(`entry ${n + 1}: trace number ${e.trace}`);
    if (serviceClass === '220' && !['22', '32'].includes(e.transactionCode))
      fail(`entry ${n + 1}: transaction code ${e.transactionCode} in a credits-only batch`);
  });
  const recordCount = i;
  if (num(at(fileControl, 2, 7), 'batch count') !== 1) fail('file batch count');
  if (num(at(fileControl, 8, 13), 'block count') !== Math.ceil(recordCount / 10)) fail('file block count');
  if (num(at(fileControl, 14, 21), 'entry count') !== entries.length) fail('file entry count');
  if (num(at(fileControl, 22, 31), 'entry hash') !== hash) fail('file entry hash');
  if (num(at(fileControl, 32, 43), 'debit total') !== 0) fail('file debit total');
  if (num(at(fileControl, 44, 55), 'credit total') !== credits) fail('file credit total');

  return {
    destination: at(header, 4, 13),
    origin: at(header, 14, 23),
    creationDate: at(header, 24, 29),
    destinationName: at(header, 41, 63).trimEnd(),
    originName: at(header, 64, 86).trimEnd(),
    serviceClass,
    companyName: at(batch, 5, 20).trimEnd(),
    companyId: at(batch, 41, 50),
    secCode: at(batch, 51, 53),
    effectiveDate: at(batch, 70, 75),
    odfi,
    entries,
    totalCreditCents: credits,
    blockCount: lines.length / 10,
    recordCount,
  };
}

/** A ';'-separated CSV with a header line, as rows of named fields (RFC 4180 quotes). */
export function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c !== '\r') field += c;
  }
  if (field || row.length) endRow();
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}
