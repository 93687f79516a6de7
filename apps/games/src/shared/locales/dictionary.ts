/** One language's texts: the English text (the key) → its translation, with the same `{name}` values. */
export type Dictionary = Readonly<Record<string, string>>;
