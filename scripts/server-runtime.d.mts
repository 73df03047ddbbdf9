/**
 * Node's flags `npm start` runs the server with: V8's heap limits (the old generation's for every
 * thread, the young generation's for the main thread only) and their preload.
 */
export const serverNodeFlags: string[];
/** glibc allocator settings `npm start` runs the server with. */
export const serverMallocEnv: Record<string, string>;
