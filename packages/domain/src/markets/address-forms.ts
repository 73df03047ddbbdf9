import type { DeckLanguage } from './languages.ts';

/**
 * How each language names a company and a person in a greeting or an address line, as data
 * (issue 50): Japanese writes 御中 after a company and 様 after a person and greets by name
 * alone; German and English open with a salutation; Arabic puts the honorific first. `{name}`
 * is the name. Slides bind to them as `{{client.addressed}}`, `{{contact.addressed}}` and
 * `{{contact.greeting}}`.
 */
export interface AddressForms {
  /** A company in an address line ("Northwind 御中"). */
  company: string;
  /** A person in an address line ("Dana Reyes 様"). */
  person: string;
  /** The opening of a letter to a person ("Dear Dana Reyes,"). */
  greeting: string;
  /** The opening when no person is named ("Dear Northwind team,"; `{name}` is the company). */
  companyGreeting: string;
}

export const ADDRESS_FORMS: Readonly<Record<DeckLanguage, AddressForms>> = {
  en: {
    company: '{name}',
    person: '{name}',
    greeting: 'Dear {name},',
    companyGreeting: 'Dear {name} team,',
  },
  de: {
    company: '{name}',
    person: '{name}',
    greeting: 'Guten Tag {name},',
    companyGreeting: 'Sehr geehrte Damen und Herren,',
  },
  fr: {
    company: '{name}',
    person: '{name}',
    greeting: 'Bonjour {name},',
    companyGreeting: 'Madame, Monsieur,',
  },
  es: {
    company: '{name}',
    person: '{name}',
    greeting: 'Estimado/a {name}:',
    companyGreeting: 'Estimados señores:',
  },
  it: {
    company: '{name}',
    person: '{name}',
    greeting: 'Gentile {name},',
    companyGreeting: 'Gentili signori,',
  },
  nl: {
    company: '{name}',
    person: '{name}',
    greeting: 'Beste {name},',
    companyGreeting: 'Geachte heer, mevrouw,',
  },
  pt: {
    company: '{name}',
    person: '{name}',
    greeting: 'Prezado/a {name},',
    companyGreeting: 'Prezados senhores,',
  },
  ja: {
    company: '{name} 御中',
    person: '{name} 様',
    greeting: '{name} 様',
    companyGreeting: '{name} 御中',
  },
  zh: {
    company: '{name}',
    person: '{name}',
    greeting: '尊敬的{name}：',
    companyGreeting: '尊敬的{name}：',
  },
  ko: {
    company: '{name} 귀중',
    person: '{name} 님',
    greeting: '{name} 님께',
    companyGreeting: '{name} 귀중',
  },
  ar: {
    company: 'السادة {name}',
    person: 'السيد/السيدة {name}',
    greeting: 'السيد/السيدة {name} المحترم/ة،',
    companyGreeting: 'السادة {name} المحترمين،',
  },
  he: {
    company: '{name}',
    person: '{name}',
    greeting: 'לכבוד {name},',
    companyGreeting: 'לכבוד {name},',
  },
};

/** `name` in the language's form `form`; the name alone when it is empty. */
export function addressed(language: DeckLanguage, form: keyof AddressForms, name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '';
  return ADDRESS_FORMS[language][form].replace('{name}', trimmed);
}
