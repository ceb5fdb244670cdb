// The kiosk's roster as a gallery, rebuilt when the roster changes by packing only the rows it has
// not packed yet. Packing (the edge tables) is most of what a build costs: 1.5 s for a 5,000-person
// site in bench:kiosk, during which the engine answers no press; an enrolment added or removed on
// such a site costs one row's packing and a copy of the arrays.
import { Gallery } from '../../identify/gallery.ts';
import { concatPacks, pack, type PackRange, type PackedTemplates } from '../../match/packed.ts';
import { decodeStoredTemplates } from '../../template/stored.ts';
import type { Template } from '../../template/types.ts';
import type { TemplateRow } from './engine-protocol.ts';

function hexBytes(value: string): Uint8Array {
  const hex = value.startsWith('\\x') ? value.slice(2) : value;
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
  return bytes;
}

/** A row's templates: one, or every impression of an enrolment stored as a set (same id each). */
export function rowTemplates(row: TemplateRow): Template[] {
  return decodeStoredTemplates(hexBytes(row.template), row.format);
}

export interface RosterBuild {
  gallery: Gallery;
  /** Enrolled fingers (rows) in the gallery; a row the engine cannot read is left out. */
  fingers: number;
  /** Rows packed by this build (the others were reused from the previous one). */
  packedRows: number;
}

export class RosterGallery {
  private current: PackedTemplates = pack([]);
  /** Where each row of the current gallery sits: row (id, format, stored bytes) → its templates. */
  private rows = new Map<string, { from: number; to: number }>();

  build(rows: readonly TemplateRow[]): RosterBuild {
    const parts: PackRange[] = [];
    const ids: string[] = [];
    const placed = new Map<string, { from: number; to: number }>();
    let count = 0;
    let packedRows = 0;
    for (const row of rows) {
      const key = `${row.id}|${row.format}|${row.template}`;
      const known = this.rows.get(key);
      let part: PackRange;
      if (known) part = { pack: this.current, from: known.from, to: known.to };
      else {
        try {
          part = { pack: pack(rowTemplates(row)) };
        } catch {
          continue; // A corrupt template is skipped: it cannot match anything anyway.
        }
        packedRows++;
      }
      const size = (part.to ?? part.pack.count) - (part.from ?? 0);
      parts.push(part);
      placed.set(key, { from: count, to: count + size });
      for (let i = 0; i < size; i++) ids.push(row.id);
      count += size;
    }
    this.current = concatPacks(parts);
    this.rows = placed;
    return { gallery: new Gallery({ pack: this.current, ids }), fingers: placed.size, packedRows };
  }
}
