/**
 * A plain page with a heading and one sentence, in the client page's look: HTML without
 * script, so it shows whether or not the web app is built. `title` and `message` are the
 * server's own fixed texts, never a caller's, in the language `lang` (written `dir`).
 */
export function noticePage(
  title: string,
  message: string,
  { lang = 'en', dir = 'ltr' }: { lang?: string; dir?: 'ltr' | 'rtl' } = {},
) {
  return `<!doctype html>
<html lang="${lang}"${dir === 'rtl' ? ' dir="rtl"' : ''}>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>${title}</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f3f5;
        font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #212529; }
      main { max-width: 28rem; margin: 1.5rem; padding: 2rem; background: #fff; border-radius: 12px;
        box-shadow: 0 1px 3px rgb(0 0 0 / 0.08); text-align: center; }
      h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
      p { margin: 0; line-height: 1.5; color: #495057; }
    </style>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
      <p>${message}</p>
    </main>
  </body>
</html>
`;
}
