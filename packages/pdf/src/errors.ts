// The one error type of the PDF package. Callers (pades, the server) decide what to show from the
// stable `code`; the message is for developers and logs.

export type PdfErrorCode =
  | 'pdf.not_pdf' // no %PDF- header
  | 'pdf.truncated' // no usable startxref / trailer at the end
  | 'pdf.corrupt' // xref or object syntax that cannot be read
  | 'pdf.encrypted' // trailer has /Encrypt (password or certificate protected)
  | 'pdf.certified_no_changes' // a certification signature with DocMDP P=1 forbids any change
  | 'pdf.field_not_found' // signature field name not present
  | 'pdf.field_already_signed'
  | 'pdf.signature_too_large' // CMS bigger than the reserved /Contents
  | 'pdf.page_out_of_range'
  | 'pdf.field_name_taken' // a new form field would merge with one the document has
  | 'pdf.form_fields_after_signature' // fillable fields cannot be added to a signed document
  | 'pdf.no_pages' // a document without a single page has nothing to sign
  // a limit of limits.ts, each with its own code
  | 'pdf.limit.stream_inflated_size'
  | 'pdf.limit.document_inflated_size'
  | 'pdf.limit.object_count'
  | 'pdf.limit.nesting_depth'
  | 'pdf.limit.string_size'
  | 'pdf.limit.page_count'
  | 'pdf.limit.page_size'
  | 'pdf.limit.array_length'
  | 'pdf.limit.render_memory';

export class PdfError extends Error {
  override readonly name = 'PdfError';

  constructor(
    readonly code: PdfErrorCode,
    message: string,
  ) {
    super(message);
  }
}
