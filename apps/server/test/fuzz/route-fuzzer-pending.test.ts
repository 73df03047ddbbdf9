// The route fuzzer (route-fuzzer.ts) as a pending caller.
import { describeRouteFuzzer } from './route-fuzzer.ts';

describeRouteFuzzer('pending');
