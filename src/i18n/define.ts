// A feature's texts: one namespace, English and French with the same keys (the type enforces it:
// French must have exactly English's shape). Files live in src/i18n/features/<feature>.ts.
export interface FeatureTexts<T = unknown> {
  namespace: string;
  en: T;
  fr: T;
}

export function defineTexts<const N extends string, T>(
  namespace: N,
  texts: { en: T; fr: NoInfer<T> },
): FeatureTexts<T> {
  return { namespace, ...texts };
}
