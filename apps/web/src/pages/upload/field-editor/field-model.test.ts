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

  it('places a pressed kind below the fields already at that spot, and a dropped one where it is dropped', () => {
    const pressed = (at = { x: 0.5, y: 0.5 }) => ({ ...spot(at), avoidOverlap: true });
    const first = addField([], 'text', 'ada@example.com', pressed(), newId)!;
    const second = addField(first.fields, 'date_signed', 'ada@example.com', pressed(), newId)!;
    const [a, b] = second.fields;
    expect(b!.y + b!.height).toBeLessThanOrEqual(a!.y);
    const dropped = addField(second.fields, 'name', 'ada@example.com', spot(), newId)!;
    expect(dropped.fields[2]!.y).toBe(a!.y);
    // no room below near the bottom: it stays where it was asked to go
    const low = addField([], 'text', 'ada@example.com', pressed({ x: 0.5, y: 0.99 }), newId)!;
    const lower = addField(low.fields, 'text', 'ada@example.com', pressed({ x: 0.5, y: 0.99 }), newId)!;
    expect(lower.fields[1]!.y).toBe(low.fields[0]!.y);
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
