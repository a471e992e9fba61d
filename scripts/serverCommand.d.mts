/** V8 flags the server runs with (scripts/serverCommand.mjs says why). */
export declare const SERVER_HEAP_FLAGS: string[]
/** Node's arguments to run `entry` (a .ts file), for the Node that runs the caller. */
export declare function serverCommand(entry: string): string[]
