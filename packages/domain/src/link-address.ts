/** Whether an address is one a link on words may open: a web page or an e-mail. */
export function isLinkAddress(address: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(address).protocol);
  } catch {
    return false;
  }
}

/**
 * The address a person means by what they typed for a link: as typed when it is one, a web
 * page's when they left out `https://` (`northwind.example/demo`), an e-mail's when they typed
 * an address (`sales@northwind.example`); null when it is neither.
 */
export function linkAddressFrom(typed: string): string | null {
  const address = typed.trim();
  if (address === '' || /\s/.test(address)) return null;
  if (isLinkAddress(address)) return address;
  // A scheme of another kind (javascript:, file:, ftp:) is never taken for a page's name.
  if (/^[a-z][a-z0-9+.-]*:/i.test(address) && !/^[^:/]+:\d/.test(address)) return null;
  if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(address)) return `mailto:${address}`;
  const page = `https://${address}`;
  return /^[^/]+\.[^/]+/.test(address) && isLinkAddress(page) ? page : null;
}
