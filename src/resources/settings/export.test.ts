import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { buildWorkbook } from './export.ts';

const texts: Record<string, string> = {
  'auditFields.first_name': 'Prénom',
  'auditFields.joining_date': 'Date d’embauche',
  'exportFields.punched_at': 'Pointé le',
};
const t = (key: string, options?: Record<string, unknown>) =>
  texts[key] ?? String(options?.defaultValue ?? key);

describe('the System export', () => {
  it('names columns as words in the reader’s language, keeps dates, numbers and yes/no typed', () => {
    const book = buildWorkbook(
      XLSX,
      {
        employees: [
          {
            first_name: 'Awa',
            joining_date: '2025-01-05',
            punched_at: '2026-11-17T08:00:00+00:00',
            hourly_rate: 12.5,
            active_flag: true,
            extra: { a: 1 },
          },
        ],
        empty_table: [],
      },
      { t, language: 'fr' },
    );
    expect(book.SheetNames).toEqual(['employees', 'empty_table']);
    const data = XLSX.write(book, { type: 'array', bookType: 'xlsx', cellDates: true }) as ArrayBuffer;
    const read = XLSX.read(data, { cellDates: true, cellNF: true });
    const sheet = read.Sheets.employees!;
    const [header] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    // Named columns translated; a column nobody named yet reads as words.
    expect(header).toEqual(['Prénom', 'Date d’embauche', 'Pointé le', 'Hourly rate', 'Active flag', 'Extra']);
    expect(sheet.A2).toMatchObject({ t: 's', v: 'Awa' });
    expect(sheet.B2).toMatchObject({ t: 'd', z: 'dd/mm/yyyy' });
    expect((sheet.B2!.v as Date).getDate()).toBe(5);
    expect(sheet.C2).toMatchObject({ t: 'd', z: 'dd/mm/yyyy hh:mm' });
    expect(sheet.D2).toMatchObject({ t: 'n', v: 12.5 });
    expect(sheet.E2).toMatchObject({ t: 'b', v: true });
    expect(sheet.F2).toMatchObject({ t: 's', v: '{"a":1}' });
    expect(XLSX.utils.sheet_to_json(read.Sheets.empty_table!)).toEqual([]);
  });
});
