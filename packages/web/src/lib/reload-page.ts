/**
 * Loads the console again from the server, with the files of its current version. (A module of its own: a browser
 * cannot be reloaded in a component test, where this is replaced.)
 */
export function reloadPage(): void {
  window.location.reload();
}
