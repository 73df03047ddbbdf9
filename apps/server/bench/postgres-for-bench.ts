// A throwaway PostgreSQL cluster for `npm run bench`, as the tests start one: prints one JSON
// line, `{"url": …}` or `{"unavailable": why}`, then keeps the cluster until its standard input
// closes or it is told to stop, and deletes it.
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailableReason,
} from '../test/helpers/throwaway-postgres.ts';

const unavailable = await throwawayPostgresUnavailableReason();
if (unavailable) {
  console.log(JSON.stringify({ unavailable }));
} else {
  const postgres = await startThrowawayPostgres();
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    await postgres.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
  console.log(JSON.stringify({ url: postgres.url }));
}
