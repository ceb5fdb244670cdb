// The reader's language (i18next's 'en' / 'fr') as the Intl locale every formatter uses.

/** 'fr', 'fr-BF' → 'fr-FR'; anything else → 'en-US'. */
export function intlLocale(language: string | undefined): string {
  return language?.startsWith('fr') ? 'fr-FR' : 'en-US';
}

/** The app's language for documents and texts: 'en' or 'fr'. */
export const languageOf = (language: string | undefined): 'en' | 'fr' =>
  language?.startsWith('fr') ? 'fr' : 'en';
