// Issue 52: the web process serves pages; decks are drawn by the render workers. What the app,
// its services and the pool's front import must not bring the engine's writers or the
// importer's libraries into it (sharp is the server's own: uploaded pictures). Nor, before the
// first mail or the first use of an S3 bucket, react-email (with prettier and tailwind) or the
// AWS SDK; nor, before someone chooses a password, the list of common passwords. Checked on the sources (web-process-modules.test.ts) and on the build
// (build-server.test.ts), where some of these packages are bundled in.

/** npm packages the web process loads at its start, whether from node_modules or bundled. */
export const packagesInWebProcess = ['fastify', 'fontkit', 'piscina'];

/**
 * npm packages it must not load until a deck is drawn, a mail sent, a bucket used or a password
 * chosen.
 */
export const packagesNotInWebProcess = [
  'pdfkit',
  'pptxgenjs',
  'jszip',
  'pdf-lib',
  'pdfjs-dist',
  '@napi-rs/canvas',
  'budoux',
  '@react-email/components',
  '@react-email/render',
  'prettier',
  'tailwindcss',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@zxcvbn-ts/language-common',
];
