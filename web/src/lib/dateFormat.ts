import { currentLanguage, localeOf } from './i18n/language';

/**
 * An Intl.DateTimeFormat made on its first use. Making one loads its locale's
 * data: made as each module loaded, one alone took about 15 ms of the studio's
 * start-up on a page that shows no date.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): { format(date: Date | number): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat(locale, options)).format(date) };
}

/**
 * A date format in the shopper's language (`en-IN` or `hi-IN`, read as each date is written): one
 * Intl.DateTimeFormat per locale, made on its first use.
 */
export function shopperDateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date | number): string } {
  const made = new Map<string, Intl.DateTimeFormat>();
  return {
    format: (date) => {
      const locale = localeOf(currentLanguage());
      let format = made.get(locale);
      if (!format) made.set(locale, (format = new Intl.DateTimeFormat(locale, options)));
      return format.format(date);
    },
  };
}
