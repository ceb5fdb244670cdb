// The roster: the enrolled fingers of the site (kiosk_roster()), loaded into the engine worker's
// gallery, and reloaded when its version changes (a finger enrolled or removed meanwhile). Only a
// kiosk or an admin gets templates; an employee's or a manager's roster is their own row without one.
import { SINGLE_FORMAT } from '../../template/stored.ts';
import type { TemplateRow } from './engine-protocol.ts';
import { engine, page } from './page-state.ts';
import { renderMode } from './view.ts';

export async function loadRoster(): Promise<void> {
  if (!page.backend) return;
  const fetchStart = performance.now();
  const [roster, seeds] = await Promise.all([
    page.backend.roster(),
    page.simulatorAllowed ? page.backend.simulatedSeeds().catch(() => null) : null,
  ]);
  if (!roster) return;
  if (seeds) page.simulatedSeeds = seeds;
  // For bench:kiosk and the browser's performance panel: download, then gallery build in the worker.
  performance.measure('scanner:roster-download', { start: fetchStart, detail: { rows: roster.rows.length } });
  page.rosterVersion = roster.version;
  page.people = new Map(roster.rows.map((r) => [r.id, r.name]));
  const rows: TemplateRow[] = roster.rows
    .filter((r) => r.template)
    .map((r) => ({
      id: r.id,
      template: r.template!,
      format: r.format ?? SINGLE_FORMAT,
    }));
  // Only the enrolled people are pressable in the simulator.
  page.people = new Map(roster.rows.filter((r) => r.template || r.finger).map((r) => [r.id, r.name]));
  // An enrolled finger without its template: this caller may not hold templates (an employee or a
  // manager checking their own finger), so presses are compared on the server.
  page.serverVerify = roster.rows.some((r) => r.finger && !r.template);
  const buildStart = performance.now();
  const built = await engine.gallery(rows);
  performance.measure('scanner:gallery-build', {
    start: buildStart,
    detail: { templates: built.size, workerMs: built.ms, packedRows: built.packedRows },
  });
  // Fingers the server compares count as enrolled too (the header's 'Enrolled fingers').
  page.rosterFingers = page.serverVerify ? roster.rows.filter((r) => r.finger).length : built.fingers;
  renderMode();
}

export async function pollRoster(): Promise<void> {
  if (!page.backend || page.mode !== 'attendance') return;
  try {
    const version = await page.backend.rosterVersion();
    if (version !== null && version !== page.rosterVersion) await loadRoster();
  } catch {
    // The next poll tries again; the running gallery keeps working meanwhile.
  }
}
