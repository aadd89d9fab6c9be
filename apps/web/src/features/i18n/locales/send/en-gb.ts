// The send screens' texts in British English (the reference for the other locales).
export const sendEnGb = {
  send: {},
} as const;
