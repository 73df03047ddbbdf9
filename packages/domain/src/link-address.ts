/** Whether an address is one a link on words may open: a web page or an e-mail. */
export function isLinkAddress(address: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(address).protocol);
  } catch {
    return false;
  }
}
