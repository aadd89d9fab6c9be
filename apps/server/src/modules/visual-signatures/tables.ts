// Tables of the visual-signatures module (see db/migrations/004-visual-signatures.ts).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface VisualSignatureTables {}
