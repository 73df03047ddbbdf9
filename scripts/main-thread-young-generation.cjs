// Preloaded (`--require`) into the server's process by scripts/server-runtime.mjs's flags, after
// `--max-semi-space-size`: that flag has sized the main thread's young generation when V8 made its
// heap. Cleared here, before the server starts any thread, so that each worker thread sizes its
// own as V8 would without it: the render threads with V8's default, the embedded database's
// thread with its `resourceLimits`. (V8 reads the flag when it makes a thread's heap, and a flag
// given to the process would take precedence over a worker's `resourceLimits`.) ADR 060.
const { isMainThread } = process.getBuiltinModule('node:worker_threads');

if (isMainThread) {
  process.getBuiltinModule('node:v8').setFlagsFromString('--max-semi-space-size=0');
}
