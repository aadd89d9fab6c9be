// A small flow layout over pdf-lib for reports: headings, paragraphs, label/value blocks and
// tables whose rows wrap their cells and continue on a new page (with the header row repeated)
// when the page is full. Text goes through the standard 14 fonts, so it is WinAnsi-encoded first.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { toWinAnsiText } from '@countersign/pdf';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const FOOTER_SPACE = 28;
const CELL_PAD = 3;
const GREY = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.8, 0.82, 0.85);
const HEADER_FILL = rgb(0.93, 0.94, 0.96);

export type FontKind = 'regular' | 'bold' | 'mono';

export interface Column {
  header: string;
  /** share of the content width */
  width: number;
  font?: FontKind;
}

export interface Cell {
  text: string;
  font?: FontKind;
  /** drawn in red: a failed check must not look like a passed one */
  isAlert?: boolean;
}

/** Breaks text into lines no wider than `width`; words longer than a line (hashes) break anywhere. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      // a single character wider than the column is left to overflow rather than loop
      while (rest.length > 1 && !fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export class ReportWriter {
  readonly doc: PDFDocument;
  readonly #fonts: Record<FontKind, PDFFont>;
  #page!: PDFPage;
  #y = 0;

  private constructor(doc: PDFDocument, fonts: Record<FontKind, PDFFont>) {
    this.doc = doc;
    this.#fonts = fonts;
    this.newPage();
  }

  static async create(): Promise<ReportWriter> {
    const doc = await PDFDocument.create();
    const fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
      mono: await doc.embedFont(StandardFonts.Courier),
    };
    return new ReportWriter(doc, fonts);
  }

  get contentWidth(): number {
    return A4[0] - 2 * MARGIN;
  }

  newPage(): void {
    this.#page = this.doc.addPage(A4);
    this.#y = A4[1] - MARGIN;
  }

  /** Starts a new page unless `height` still fits above the footer. */
  #ensure(height: number): void {
    if (this.#y - height < MARGIN + FOOTER_SPACE) this.newPage();
  }

  /** Keeps what follows (a caption and the start of its table) together on one page. */
  keepTogether(height: number): void {
    this.#ensure(height);
  }

  #draw(text: string, x: number, y: number, size: number, font: FontKind, isAlert = false): void {
    this.#page.drawText(text, {
      x,
      y,
      size,
      font: this.#fonts[font],
      color: isAlert ? rgb(0.7, 0.1, 0.1) : rgb(0.1, 0.12, 0.15),
    });
  }

  #lines(text: string, font: FontKind, size: number, width: number): string[] {
    return wrapText(toWinAnsiText(text), this.#fonts[font], size, width);
  }

  title(text: string, subtitle: string): void {
    this.#ensure(40);
    this.#draw(toWinAnsiText(text), MARGIN, this.#y - 18, 18, 'bold');
    this.#y -= 32;
    this.paragraph(subtitle, { size: 9, isMuted: true });
  }

  heading(text: string): void {
    // a heading never stands alone at the foot of a page: room for a caption and a table start
    this.#ensure(100);
    this.#y -= 10;
    this.#draw(toWinAnsiText(text), MARGIN, this.#y - 13, 13, 'bold');
    this.#y -= 20;
  }

  paragraph(text: string, options: { size?: number; isMuted?: boolean; isAlert?: boolean } = {}): void {
    const size = options.size ?? 9;
    for (const line of this.#lines(text, 'regular', size, this.contentWidth)) {
      this.#ensure(size + 3);
      this.#page.drawText(line, {
        x: MARGIN,
        y: this.#y - size,
        size,
        font: this.#fonts[options.isAlert ? 'bold' : 'regular'],
        color: options.isAlert ? rgb(0.7, 0.1, 0.1) : options.isMuted ? GREY : rgb(0.1, 0.12, 0.15),
      });
      this.#y -= size + 3;
    }
    this.#y -= 4;
  }

  /** Label/value rows: a two-column table without a header. */
  fields(rows: [label: string, value: Cell | string][]): void {
    const columns: Column[] = [
      { header: '', width: 0.3, font: 'bold' },
      { header: '', width: 0.7 },
    ];
    this.table(
      columns,
      rows.map(([label, value]) => [label, value]),
      { hasHeader: false },
    );
  }

  /** A table; rows that do not fit go to the next page, under a repeated header row. */
  table(
    columns: Column[],
    rows: (Cell | string)[][],
    options: { hasHeader?: boolean; size?: number } = {},
  ): void {
    const size = options.size ?? 8;
    const lineHeight = size + 2.5;
    const widths = columns.map((c) => c.width * this.contentWidth);
    const layout = (cells: (Cell | string)[], isHeader: boolean) => {
      const prepared = cells.map((raw, i) => {
        const cell = typeof raw === 'string' ? { text: raw } : raw;
        const font: FontKind = isHeader ? 'bold' : (cell.font ?? columns[i]?.font ?? 'regular');
        return { ...cell, font, lines: this.#lines(cell.text, font, size, (widths[i] ?? 0) - 2 * CELL_PAD) };
      });
      const height = Math.max(...prepared.map((c) => c.lines.length)) * lineHeight + 2 * CELL_PAD;
      return { prepared, height };
    };
    const drawRow = (row: ReturnType<typeof layout>, isHeader: boolean) => {
      let x = MARGIN;
      if (isHeader) {
        this.#page.drawRectangle({
          x: MARGIN,
          y: this.#y - row.height,
          width: this.contentWidth,
          height: row.height,
          color: HEADER_FILL,
        });
      }
      for (const [i, cell] of row.prepared.entries()) {
        cell.lines.forEach((line, n) =>
          this.#draw(
            line,
            x + CELL_PAD,
            this.#y - CELL_PAD - size - n * lineHeight,
            size,
            cell.font,
            cell.isAlert,
          ),
        );
        x += widths[i] ?? 0;
      }
      this.#y -= row.height;
      this.#page.drawLine({
        start: { x: MARGIN, y: this.#y },
        end: { x: MARGIN + this.contentWidth, y: this.#y },
        thickness: 0.5,
        color: RULE,
      });
    };
    const header =
      options.hasHeader === false
        ? undefined
        : layout(
            columns.map((c) => c.header),
            true,
          );
    const drawHeader = () => header && drawRow(header, true);
    const laidOut = rows.map((cells) => layout(cells, false));
    // the header never stands alone: it goes where its first row fits too
    this.#ensure((header?.height ?? 0) + (laidOut[0]?.height ?? 0));
    drawHeader();
    for (const row of laidOut) {
      if (this.#y - row.height < MARGIN + FOOTER_SPACE) {
        this.newPage();
        drawHeader();
      }
      drawRow(row, false);
    }
    this.#y -= 8;
  }

  /** Writes the footer on every page (needs the page count, so it runs last). */
  footers(text: (page: number, of: number) => string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      page.drawText(toWinAnsiText(text(index + 1, pages.length)), {
        x: MARGIN,
        y: MARGIN - 10,
        size: 7.5,
        font: this.#fonts.regular,
        color: GREY,
      });
    });
  }
}
