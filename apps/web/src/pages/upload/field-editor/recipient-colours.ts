// Each signer's colour in the field editor, by their place in the list: the border and label of
// their fields and their chip in the palette. Dark enough for 4.5:1 text on white (WCAG 1.4.3).
export const RECIPIENT_COLOURS = ['#0058b8', '#b3261e', '#00734f', '#7a1fd1', '#a14a00', '#00687a'] as const;

export function recipientColour(index: number): string {
  return RECIPIENT_COLOURS[index % RECIPIENT_COLOURS.length] ?? RECIPIENT_COLOURS[0];
}
