// The sign screens' texts in British English (the reference for the other locales).
export const signEnGb = {
  sign: {},
} as const;
