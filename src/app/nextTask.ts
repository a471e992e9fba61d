/**
 * Lets the browser handle what waits (a tap, a paint) before the app's next step of starting. A
 * phone spends a few hundred milliseconds getting the app going; in one task that would block the
 * page the server drew for all of it (Total Blocking Time), in steps each stays short.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))
