// The payslip PDFs as a person receives them, read back with poppler's pdftotext and pdfinfo: the
// Chicago statement names the Illinois law and its withholding line; the bulletin de paie with every
// overtime band, allowance and deduction fits on one page (no orphan lines on a second page).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payslipContent } from './content.ts';
import type { PayslipData } from './data.ts';
import { renderPayslipPdf } from './render.ts';
import { bulletin, chicagoPlant, computed, illinoisStatement, ouagadougou, structure } from './test-data.ts';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'payslip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function read(data: PayslipData): Promise<{ text: string; pages: number }> {
  const file = join(dir, `${data.id}.pdf`);
  await writeFile(file, Buffer.from(await (await renderPayslipPdf(payslipContent(data))).arrayBuffer()));
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  const info = (await run('pdfinfo', [file])).stdout;
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) };
}

/** The PDFs' period: March, with nothing earned before it in the year. */
const march = {
  period_start: '2026-03-01',
  period_end: '2026-03-31',
  pay_date: '2026-04-02',
  ytd: { gross: 0, net: 0, deductions: 0 },
} satisfies Partial<PayslipData>;

describe('payslip PDFs read back with pdftotext', () => {
  it('prints the Chicago statement under the Illinois Wage Payment and Collection Act, with the IL-700-T line', async () => {
    const { text, pages } = await read(
      illinoisStatement({
        ...march,
        id: 'chicago',
        employer: { ...chicagoPlant, state: 'IL', address: '1200 W Fulton Market, Chicago, IL 60607, USA' },
      }),
    );
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Illinois Wage Payment and Collection Act (820 ILCS 115/10');
    expect(text).toMatch(/Illinois income tax withholding \(IL-700-T\)\s+\$131\.39/);
    expect(text).toMatch(/Overtime\s+13\.25\s+\$22\.50 \(x1\.5\)\s+\$298\.13/);
    expect(flat).not.toContain('California');
    expect(flat).not.toContain('not computed');
  });

  it('fits a bulletin de paie with every band, allowance and deduction on one page', async () => {
    const { text, pages } = await read(
      bulletin({
        ...march,
        id: 'ouaga',
        overtime_hours: 33,
        computation: computed({
          rule_set: 'bf-2026',
          period_date: '2026-03-31',
          basic_salary: '250000',
          hourly_rate: '1500',
          overtime_bands: { h15: '12', h35: '4', night: '6', sunday: '8', sunday_night: '3' },
          allowances: {
            house_rent: '50000',
            transport: '20000',
            medical: '10000',
            food: '15000',
            other: '5000',
            function: '25000',
          },
          other_deductions: '5000',
          profile: { dependants: 2 },
        }),
        structure: structure({
          hourly_rate: 1500,
          basic_salary: 250000,
          allowances: {
            house_rent: 50000,
            transport: 20000,
            medical: 10000,
            food: 15000,
            other: 5000,
            function: 25000,
          },
        }),
        employer: {
          ...ouagadougou,
          address: 'Avenue Kwame Nkrumah, 01 BP 1234 Ouagadougou 01, Burkina Faso',
          cnss_number: '0012345 A',
        },
        profile: { dependants: 2, abatement_rate: 0.2, cnss_number: 'BF-0456789' },
      }),
    );
    expect(pages).toBe(1);
    for (const line of [
      'Heures sup. de nuit (+50 %)',
      'Heures sup. dimanche/férié (+60 %)',
      'Net à payer',
      'Total charges patronales',
      'Jeu de règles',
    ])
      expect(text).toContain(line);
  });
});
