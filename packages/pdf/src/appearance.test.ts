import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PdfDict } from './objects.js';
import { PdfStream } from './objects.js';
import { PdfFile } from './pdf-file.js';
import { embedSignature, prepareSignature } from './prepare-signature.js';
import { renderPage } from './render.js';
import { addSignatureFields } from './signature-fields.js';
import { checkWithQpdf, readCorpus } from './test-helpers.js';
import { encodeWinAnsi, toHexOperand, toWinAnsiText } from './win-ansi-text.js';
import type { VisualAppearance } from './appearance.js';

const RECT: [number, number, number, number] = [50, 50, 300, 140];

function signWithAppearance(appearance: VisualAppearance): Uint8Array {
  const withField = addSignatureFields(readCorpus('minimal-document.pdf'), [
    { name: 'visible', placement: { page: 0, rect: RECT } },
  ]);
  const prepared = prepareSignature(withField, {
    fieldName: 'visible',
    kind: 'signature',
    contentsLength: 64,
    appearance,
  });
  return embedSignature(prepared, Buffer.from('3003020101', 'hex'));
}

function readAppearance(bytes: Uint8Array): { stream: PdfStream; content: string; file: PdfFile } {
  const file = PdfFile.open(bytes);
  const fields = file.lookupArray(file.lookupDict(file.catalog(), 'AcroForm'), 'Fields')!;
  const widget = file.resolve(fields[0]) as PdfDict;
  const stream = file.resolve(file.lookupDict(widget, 'AP')!.get('N')) as PdfStream;
  return { stream, content: Buffer.from(file.decode(stream)).toString('latin1'), file };
}

describe('win-ansi text', () => {
  it('encodes WinAnsi characters and degrades the others', () => {
    expect(toHexOperand(encodeWinAnsi('Zoë €'))).toBe('<5a6feb2080>');
    expect(toHexOperand(encodeWinAnsi('Łódź'))).toBe(toHexOperand(encodeWinAnsi('Lódz')));
    expect(toHexOperand(encodeWinAnsi('签'))).toBe('<3f>');
    expect(toHexOperand(encodeWinAnsi('a\nb'))).toBe('<612062>');
    // the same mapping as text, for pdf-lib's standard fonts
    expect(toWinAnsiText('Łódź «Zoë» 签\n€')).toBe('Lódz «Zoë» ? €');
  });
});

describe('visible signature appearance', () => {
  it('draws text, a QR code and a PNG with transparency into the widget, not the page', async () => {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const original = readCorpus('minimal-document.pdf');
    const signed = signWithAppearance({
      name: 'Zoë (Tester) \\ Łukasz',
      optionalLine: 'ACME AG',
      location: 'Zürich',
      date: '2024-05-06',
      claim: 'Signed with Countersign',
      standardLabel: 'Qualified electronic signature (eIDAS)',
      qrPayload: 'https://countersign.example/verify/ü',
      image: png,
    });
    const { stream, content, file } = readAppearance(signed);
    expect(stream.dict.get('BBox')).toEqual([0, 0, 300, 140]);
    expect(content).toContain(toHexOperand(encodeWinAnsi('Zoë (Tester) \\ Lukasz')));
    expect(content).toContain('/Im1 Do');
    expect(content.match(/ re\n/g)?.length).toBeGreaterThan(50);
    const resources = stream.dict.get('Resources') as PdfDict;
    const image = file.resolve((resources.get('XObject') as PdfDict).get('Im1')) as PdfStream;
    expect(image.dict.get('Width')).toBe(40);
    expect(file.resolve(image.dict.get('SMask'))).toBeInstanceOf(PdfStream);
    expect(checkWithQpdf(signed)).toMatchObject({ ok: true });

    // The page content is untouched: only the widget draws.
    const page = PdfFile.open(original).catalog();
    expect(PdfFile.open(signed).catalog().get('Pages')).toEqual(page.get('Pages'));

    const before = await sharp(await renderPage(original, 0, { format: 'png' }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const after = await sharp(await renderPage(signed, 0, { format: 'png' }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = after.info;
    // Count changed pixels inside the widget rectangle (image rows run top-down).
    let changed = 0;
    for (let y = height - (RECT[1] + RECT[3]); y < height - RECT[1]; y++) {
      for (let x = RECT[0]; x < RECT[0] + RECT[2]; x++) {
        const at = (y * width + x) * channels;
        if (after.data[at] !== before.data[at]) changed++;
      }
    }
    expect(changed).toBeGreaterThan(2000);
  });

  it('embeds a JPEG as DCTDecode', async () => {
    const jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const signed = signWithAppearance({ name: 'JPEG Person', image: jpeg });
    const { stream, file } = readAppearance(signed);
    const image = file.resolve(
      ((stream.dict.get('Resources') as PdfDict).get('XObject') as PdfDict).get('Im1'),
    );
    expect((image as PdfStream).dict.get('Filter')).toMatchObject({ name: 'DCTDecode' });
    expect(checkWithQpdf(signed)).toMatchObject({ ok: true });
  });

  it('refuses an image that is neither PNG nor JPEG', () => {
    expect(() => signWithAppearance({ name: 'X', image: Buffer.from('GIF89a...') })).toThrow(RangeError);
  });
});
