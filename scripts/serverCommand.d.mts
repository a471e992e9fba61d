/** Node's arguments to run `entry` (a .ts file), for the Node that runs the caller. */
export declare function serverCommand(entry: string): string[]
