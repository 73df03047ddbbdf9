// The route fuzzer (route-fuzzer.ts) as a rep caller.
import { describeRouteFuzzer } from './route-fuzzer.ts';

describeRouteFuzzer('rep');
