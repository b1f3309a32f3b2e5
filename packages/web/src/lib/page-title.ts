import { useDocumentTitle } from '@mantine/hooks';
import { productTitle } from '@psps/contracts';
import { usePublicConfig } from './config.ts';

/**
 * The browser tab's title: the screen's name first (what tells tabs apart when several are open), then the top
 * bar's title, '{ABBR} PSPS Reports'; the top bar's title alone when the screen has no name.
 */
export function pageTitle(screenName: string, utilityAbbreviation: string): string {
  const product = productTitle(utilityAbbreviation).trim();
  return screenName ? `${screenName} · ${product}` : product;
}

/** Sets document.title for the screen shown (see `pageTitle`). */
export function usePageTitle(screenName: string) {
  const { utilityAbbreviation } = usePublicConfig();
  useDocumentTitle(pageTitle(screenName, utilityAbbreviation));
}
