import { describe, expect, it } from 'vitest';
import type { FieldDraft } from '../draft-model.js';
import { addField, reassignField, removeField } from './field-model.js';

const a4 = { width: 595, height: 842 };
let counter = 0;
const newId = () => `f${++counter}`;
const spot = (at = { x: 0.5, y: 0.5 }) => ({ documentId: 'doc1', page: 1, size: a4, at });

describe('field editor edits', () => {
  it('drops a field of the default size centred where it lands, kept inside the page', () => {
    const { fields } = addField([], 'text', 'ada@example.com', spot({ x: 0.5, y: 0.25 }), newId)!;
    expect(fields[0]).toMatchObject({
      kind: 'text',
      required: true,
      x: 222.5,
      y: 621.5,
      width: 150,
      height: 20,
    });
    const corner = addField([], 'signature', 'ada@example.com', spot({ x: 1, y: 1 }), newId)!.fields[0];
    expect(corner).toMatchObject({ x: 445, y: 0, width: 150, height: 70 });
    expect(addField([], 'stamp', 'ada@example.com', spot(), newId)).toBeNull();
  });

  it('moves a signer’s signature field instead of adding a second one to a document', () => {
    const first = addField([], 'signature', 'ada@example.com', spot({ x: 0.5, y: 0.9 }), newId)!;
    const second = addField(first.fields, 'signature', 'ada@example.com', spot({ x: 0.5, y: 0.1 }), newId)!;
    expect(second.fields).toHaveLength(1);
    expect(second.id).toBe(first.id);
    expect(second.fields[0]!.y).toBeGreaterThan(first.fields[0]!.y);
    const bob = addField(second.fields, 'signature', 'bob@example.com', spot(), newId)!;
    expect(bob.fields).toHaveLength(2);
  });

  const overlapping = (fields: readonly FieldDraft[]) =>
    fields.flatMap((a, i) =>
      fields
        .slice(i + 1)
        .filter(
          (b) =>
            a.page === b.page &&
            a.x < b.x + b.width &&
            b.x < a.x + a.width &&
            a.y < b.y + b.height &&
            b.y < a.y + a.height,
        )
        .map((b) => `${a.id}/${b.id}`),
    );
  const onA4 = (f: FieldDraft) =>
    f.x >= 0 && f.y >= 0 && f.x + f.width <= a4.width && f.y + f.height <= a4.height;

  it('places two signers’ fields at one spot apart, the second below the first', () => {
    const ada = addField([], 'signature', 'ada@example.com', spot(), newId)!;
    const bob = addField(ada.fields, 'signature', 'bob@example.com', spot(), newId)!;
    const [a, b] = bob.fields;
    expect(overlapping(bob.fields)).toEqual([]);
    expect(b!.x).toBe(a!.x);
    expect(b!.y + b!.height).toBeLessThanOrEqual(a!.y);
    // where nothing is, a field lands exactly where it was asked for
    const free = addField(bob.fields, 'name', 'ada@example.com', spot({ x: 0.5, y: 0.1 }), newId)!;
    const alone = addField([], 'name', 'ada@example.com', spot({ x: 0.5, y: 0.1 }), newId)!.fields[0]!;
    expect(free.fields[2]).toMatchObject({
      x: alone.x,
      y: alone.y,
      width: alone.width,
      height: alone.height,
    });
  });

  it('never lets a placed field cover another, even with no room below or after many presses', () => {
    const low = addField([], 'text', 'ada@example.com', spot({ x: 0.5, y: 0.99 }), newId)!;
    const lower = addField(low.fields, 'text', 'bob@example.com', spot({ x: 0.5, y: 0.99 }), newId)!;
    expect(overlapping(lower.fields)).toEqual([]);
    expect(lower.fields[1]!.y).toBeGreaterThan(low.fields[0]!.y);
    let fields: FieldDraft[] = [];
    const kinds = ['signature', 'text', 'date_signed', 'name', 'checkbox'];
    for (let i = 0; i < 60; i += 1) {
      const signer = `s${i % 12}@example.com`;
      fields = addField(fields, kinds[i % kinds.length]!, signer, spot({ x: 0.5, y: 0.95 }), newId)!.fields;
    }
    expect(fields).toHaveLength(60);
    expect(overlapping(fields)).toEqual([]);
    expect(fields.every(onA4)).toBe(true);
  });

  it('moves a field dropped onto another to the nearest free spot', () => {
    const first = addField([], 'text', 'ada@example.com', spot({ x: 0.5, y: 0.3 }), newId)!;
    const dropped = addField(first.fields, 'text', 'bob@example.com', spot({ x: 0.52, y: 0.31 }), newId)!;
    expect(overlapping(dropped.fields)).toEqual([]);
    // a gap of a few points, not a jump across the page
    const [a, b] = dropped.fields;
    expect(Math.abs(b!.y - a!.y)).toBeLessThan(40);
  });

  it('hands a field to another signer, but not a signature field to one who has one there', () => {
    const ada = addField([], 'signature', 'ada@example.com', spot(), newId)!;
    const bob = addField(ada.fields, 'signature', 'bob@example.com', spot(), newId)!;
    expect(reassignField(bob.fields, ada.id, 'bob@example.com')).toBeNull();
    const text = addField(bob.fields, 'text', 'ada@example.com', spot(), newId)!;
    const moved = reassignField(text.fields, text.id, 'bob@example.com')!;
    expect(moved.find((f: FieldDraft) => f.id === text.id)?.signerEmail).toBe('bob@example.com');
    expect(removeField(moved, text.id)).toHaveLength(2);
  });
});
