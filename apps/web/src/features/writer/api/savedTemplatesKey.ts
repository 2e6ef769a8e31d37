/** Every list of a user's saved templates: what saving, sharing or deleting one changes. */
export const savedTemplatesKey = ['writer', 'templates'] as const;
