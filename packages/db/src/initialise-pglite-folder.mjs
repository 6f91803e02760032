/**
 * `node initialise-pglite-folder.mjs <dataDir> [setting …]`: creates an empty PGlite data folder (initdb)
 * and exits. Run by openDatabase in a child process on first boot, see there why.
 */
import { PGlite } from '@electric-sql/pglite';

const [dataDir, ...settings] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: initialise-pglite-folder.mjs <dataDir> [setting …]');
const startParams = [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])];
await (await PGlite.create(dataDir, { startParams })).close();
