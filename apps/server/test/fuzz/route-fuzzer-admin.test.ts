// The route fuzzer (route-fuzzer.ts) as an admin caller.
import { describeRouteFuzzer } from './route-fuzzer.ts';

describeRouteFuzzer('admin');
