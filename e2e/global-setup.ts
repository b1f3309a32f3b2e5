import fs from 'node:fs/promises';

/** Nothing to prepare: the data folder is removed by the teardown of the previous run (see fixtures). */
export default async function globalSetup() {
  await fs.mkdir(new URL('./screenshots/', import.meta.url), { recursive: true });
}
