/**
 * Fetches a part of the console's code; when that fails because the browser is offline, waits until the connection
 * is back and fetches it again, so that a screen first opened during an outage shows 'Loading the screen…' under the
 * shell's 'The connection is lost' and then arrives by itself, instead of 'This screen could not be loaded' with a
 * page reload (seconds on a phone hotspot). Any other failure (a file gone after a deploy) is thrown as it was.
 */
export async function importWhenOnline<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    if (navigator.onLine) throw error;
    await new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
    return load();
  }
}
