// Visual-signature calls of spec section 7 (Visual signatures) and the visual signature of spec
// section 3.
export const visualSignatureEndpoints = {};
