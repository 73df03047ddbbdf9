/** V8 flags `npm start` runs the server with (every thread's heap limits). */
export const serverNodeFlags: string[];
/** glibc allocator settings `npm start` runs the server with. */
export const serverMallocEnv: Record<string, string>;
