// Tables of the visual-signatures module (see db/migrations/004-visual-signatures.ts).

export interface VisualSignaturesTable {
  id: string;
  user_id: string;
  alias: string;
  name: string;
  optional_line: string | null;
  location: string | null;
  display_date: number;
  display_claim: number;
  display_standards: number;
  display_qr: number;
  is_default: number;
  image: Uint8Array | null;
  created_at: string;
  updated_at: string;
}

export interface VisualSignatureTables {
  visual_signatures: VisualSignaturesTable;
}
