// The profile screens' texts in British English (the reference for the other locales).
export const profileEnGb = {
  profile: {},
} as const;
