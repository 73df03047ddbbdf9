import { execFileSync } from 'node:child_process';

/** LibreOffice (`soffice`), when this machine has it: the tests that draw with it run then. */
export const hasOffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
})();
