// What /reports asks and holds: the choice (period, type, site, department), the report the database
// computed for it (gone as soon as the choice changes), and its PDF / Excel export.
import { useGetIdentity, useList } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../../providers/identity.ts';
import { useFeedback } from '../../../shared/feedback/index.ts';
import { fetchCompanyName, fetchReport, reportKeys } from '../data.ts';
import { exportFileName, reportTables, type GeneratedReport, type ReportType } from '../model.ts';

const ISO = 'YYYY-MM-DD';

export interface Option {
  value: string;
  label: string;
}

/** The sites and departments to filter by (RLS decides which the caller sees). */
function useFilterOptions(): { siteOptions: Option[]; departmentOptions: Option[] } {
  const sites = useList<{ id: string; name: string }>({
    resource: 'sites',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: { select: 'id, name' },
  });
  const departments = useList<{ id: string; name: string }>({
    resource: 'departments',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: { select: 'id, name' },
  });
  return {
    siteOptions: sites.result.data.map((s) => ({ value: s.id, label: s.name })),
    departmentOptions: departments.result.data.map((d) => ({ value: d.id, label: d.name })),
  };
}

export function useReport() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const feedback = useFeedback();
  const { data: identity } = useGetIdentity<Identity>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([dayjs().subtract(30, 'day'), dayjs()]);
  const [type, setType] = useState<ReportType>('summary');
  const [siteId, setSiteId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState<'pdf' | 'xlsx' | null>(null);
  const [generated, setGenerated] = useState<GeneratedReport | null>(null);
  const [everGenerated, setEverGenerated] = useState(false);
  const { siteOptions, departmentOptions } = useFilterOptions();
  const company = useQuery({ queryKey: reportKeys.company, queryFn: fetchCompanyName, staleTime: 60_000 });

  // Changing what is asked makes the shown report stale: it goes, and must be generated again.
  const change =
    <V>(set: (v: V) => void) =>
    (value: V) => {
      set(value);
      setGenerated(null);
    };

  const [from, to] = range;

  async function generate() {
    if (!from || !to) return;
    setBusy(true);
    const params = { type, from: from.format(ISO), to: to.format(ISO), siteId, departmentId };
    try {
      const report = await fetchReport(params);
      setGenerated({
        report,
        params,
        filterNames: {
          site: siteOptions.find((o) => o.value === siteId)?.label ?? null,
          department: departmentOptions.find((o) => o.value === departmentId)?.label ?? null,
        },
        generatedAt: new Date(),
        generatedBy: identity?.name || identity?.email || '',
        company: company.data ?? '',
      });
      setEverGenerated(true);
      feedback.success(t('reports.generated'));
    } catch (error) {
      feedback.failure(error, t('reports.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function exportAs(kind: 'pdf' | 'xlsx') {
    if (!generated) {
      feedback.failure(null, t('reports.noReport'), t('reports.noReportHint'));
      return;
    }
    setExporting(kind);
    try {
      const { buildPdf, buildXlsx, captureCharts, download } = await import('../exports.ts');
      // The chart exactly as it is on screen (the PDF's only reader of the page).
      const charts = captureCharts(document.querySelector('[data-testid="report-chart"]'));
      const data =
        kind === 'pdf' ? await buildPdf(generated, t, lang, charts) : await buildXlsx(generated, t, lang);
      download(
        data,
        exportFileName(
          t(`reports.types.${generated.report.type}`),
          generated.params.from,
          generated.params.to,
          kind,
        ),
        kind === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    } catch (error) {
      feedback.failure(error, t('reports.exportFailed'));
    } finally {
      setExporting(null);
    }
  }

  const tables = useMemo(() => (generated ? reportTables(generated.report, t) : []), [generated, t]);

  return {
    choice: {
      from,
      to,
      type,
      siteId,
      departmentId,
      setFrom: change((d: Dayjs | null) => setRange([d, to])),
      setTo: change((d: Dayjs | null) => setRange([from, d])),
      setType: change(setType),
      setSiteId: change((v?: string) => setSiteId(v ?? null)),
      setDepartmentId: change((v?: string) => setDepartmentId(v ?? null)),
      siteOptions,
      departmentOptions,
    },
    canGenerate: Boolean(from && to) && !busy,
    busy,
    generate,
    generated,
    tables,
    everGenerated,
    exporting,
    exportAs,
  };
}

/** The report screen's state and actions. */
export type ReportState = ReturnType<typeof useReport>;
export type ReportChoice = ReportState['choice'];
