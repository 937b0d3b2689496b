// The UI's language, switchable at run time: English or Spanish, with message lookup and money,
// time and number formatting in that language (en.ts is the reference catalogue).
import { interpolate, type MessageParams } from './catalogue.ts';
import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';

/** Languages of the UI. */
export type UiLanguage = 'en' | 'es';

const CATALOGUES: Record<UiLanguage, Record<MessageKey, string>> = { en, es };
const LOCALES: Record<UiLanguage, string> = { en: 'en-US', es: 'es-US' };

/** The current language and its formatters; a change re-renders every message on screen. */
class Language {
  current = $state<UiLanguage>('en');
  /** ISO 4217 currency of amounts on screen; default USD (the lane's configuration may change it). */
  currency = $state('USD');
  #money = $derived(
    new Intl.NumberFormat(LOCALES[this.current], { style: 'currency', currency: this.currency }),
  );
  #time = $derived(
    new Intl.DateTimeFormat(LOCALES[this.current], { dateStyle: 'short', timeStyle: 'short' }),
  );

  /** The message of `key` in the current language, with its parameters filled in. */
  t = (key: MessageKey, params?: MessageParams): string =>
    interpolate(CATALOGUES[this.current][key], params);

  /** Minor units as money in the current language, e.g. 1250 → "$12.50". */
  money = (minor: number): string => this.#money.format(minor / 100);

  /** A lane time (ms since the epoch) as a short date and time. */
  time = (epochMs: number): string => this.#time.format(epochMs);

  /** The BCP 47 tag of the current language, for the document's lang attribute. */
  get locale(): string {
    return LOCALES[this.current];
  }
}

/** The UI's one language state. */
export const language = new Language();

/** Shorthand for language.t. */
export const t = (key: MessageKey, params?: MessageParams): string => language.t(key, params);
