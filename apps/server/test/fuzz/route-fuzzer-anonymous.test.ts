// The route fuzzer (route-fuzzer.ts) as an anonymous caller, with the checks of its catalogues.
import { describeRouteFuzzer } from './route-fuzzer.ts';

describeRouteFuzzer('anonymous', { catalogues: true });
