/** Just enough of a browser's cookie store for one host: names, values and paths. */
export class CookieJar {
  #cookies = new Map<string, { name: string; value: string; path: string }>();

  store(url: URL, setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let isExpired = value === '';
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=');
        const attributeValue = rest.join('=').trim();
        switch (key.trim().toLowerCase()) {
          case 'path':
            path = attributeValue || '/';
            break;
          case 'max-age':
            if (Number(attributeValue) <= 0) isExpired = true;
            break;
          case 'expires':
            if (Date.parse(attributeValue) <= Date.now()) isExpired = true;
            break;
        }
      }
      const key = `${path}\n${name}`;
      if (isExpired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.#cookies.values()]
      .filter(
        ({ path }) => url.pathname === path || url.pathname.startsWith(path.replace(/\/?$/, '/')),
      )
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }
}

/**
 * Plays the user's browser at the issuer: follows its redirects and submits its development
 * login (as `login`) and consent forms, until the issuer sends the browser to a URL starting
 * with `stopAt`, which is answered without being requested.
 */
export async function signInAtIssuer(
  start: URL,
  { login, stopAt, jar = new CookieJar() }: { login: string; stopAt: string; jar?: CookieJar },
): Promise<URL> {
  let url = start;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.href.startsWith(stopAt)) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(url),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    jar.store(url, res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      url = new URL(location, url);
      body = undefined;
      continue;
    }
    const html = await res.text();
    const form = res.status === 200 ? readForm(html) : undefined;
    if (!form) {
      throw new Error(`unexpected answer from ${url.href}: ${res.status}\n${html.slice(0, 2000)}`);
    }
    if (form.fields.has('login')) {
      form.fields.set('login', login);
      form.fields.set('password', 'any password: the development form takes any');
    }
    url = new URL(form.action, url);
    body = form.fields;
  }
  throw new Error(`the issuer did not send the browser to ${stopAt} within 20 steps`);
}

function readForm(html: string) {
  const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const fields = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/i.exec(input[0])?.[1];
    const value = /\bvalue="([^"]*)"/i.exec(input[0])?.[1] ?? '';
    if (name) fields.set(decodeEntities(name), decodeEntities(value));
  }
  return { action: decodeEntities(form[1]!), fields };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
