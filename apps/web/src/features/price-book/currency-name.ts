const names = new Intl.DisplayNames(['en'], { type: 'currency' });

/** A currency's name in English ("Japanese Yen"); the code where the runtime has none. */
export function currencyName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
