// The query key of the templates list, which editing a template refreshes.
export const templatesKey = ['templates'] as const;
