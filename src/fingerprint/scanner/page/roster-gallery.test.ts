import { describe, expect, it } from 'vitest';
import { Gallery } from '../../identify/gallery.ts';
import { encodeTemplate } from '../../template/binary.ts';
import { encodeTemplateSet, SET_FORMAT } from '../../template/stored.ts';
import { randomTemplate } from '../../testing.ts';
import type { TemplateRow } from './engine-protocol.ts';
import { RosterGallery, rowTemplates } from './roster-gallery.ts';

/** A roster row as PostgREST sends it: an enrolment of three impressions, bytea as `\x…` hex. */
function row(id: string, seed: number): TemplateRow {
  const set = encodeTemplateSet([0, 1, 2].map((k) => encodeTemplate(randomTemplate(seed * 3 + k, 30))));
  return { id, template: `\\x${Buffer.from(set).toString('hex')}`, format: SET_FORMAT };
}

/** The gallery built from scratch, as the engine built it before. */
const fresh = (rows: TemplateRow[]) =>
  Gallery.build(rows.flatMap((r) => rowTemplates(r).map((template) => ({ id: r.id, template }))));

describe('the roster gallery, rebuilt when the roster changes', () => {
  const a = row('a', 1);
  const b = row('b', 2);
  const c = row('c', 3);
  const d = row('d', 4);

  it('packs only the rows it does not hold yet, and gives the same gallery as a build from scratch', () => {
    const roster = new RosterGallery();
    const first = roster.build([a, b, c]);
    expect(first).toMatchObject({ fingers: 3, packedRows: 3 });
    expect(first.gallery.data).toEqual(fresh([a, b, c]).data);

    // b removed, d enrolled, c's finger enrolled again (new template), order changed.
    const c2 = row('c', 5);
    const second = roster.build([d, a, c2]);
    expect(second).toMatchObject({ fingers: 3, packedRows: 2 });
    expect(second.gallery.data).toEqual(fresh([d, a, c2]).data);

    const unchanged = roster.build([d, a, c2]);
    expect(unchanged.packedRows).toBe(0);
    expect(unchanged.gallery.data).toEqual(second.gallery.data);
  });

  it('leaves out a row it cannot read, and an empty roster is an empty gallery', () => {
    const roster = new RosterGallery();
    const built = roster.build([a, { id: 'broken', template: '\\x0102', format: SET_FORMAT }, b]);
    expect(built.fingers).toBe(2);
    expect(built.gallery.data).toEqual(fresh([a, b]).data);
    expect(roster.build([]).gallery.size).toBe(0);
  });
});
