// `npm run bench`: /roll through command + store (SQLite; durable PostgreSQL with 1 and 8 clients), bytes
// per stored roll, latency as the store fills to 1 M rolls, a load run through the real client (SQLite
// and durable PostgreSQL), the pictures (issue 22), then the dice engine vs bcdice in the same process.
// The command bench runs first: loading bcdice (Opal-compiled Ruby) slows later JavaScript down.
import { benchDice } from './dice.js';
import { benchRollCommand } from './roll-command.js';
import { benchLoad } from './load.js';
import { benchStorage } from './storage.js';
import { benchGrowth } from './growth.js';
import { benchPictures } from './pictures.js';

console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`);
for (const line of await benchRollCommand()) console.log(line);
console.log('');
for (const line of await benchStorage()) console.log(line);
console.log('');
for (const line of await benchGrowth()) console.log(line);
console.log('');
for (const line of await benchLoad()) console.log(line);
console.log('');
for (const line of await benchPictures()) console.log(line);
console.log('');
for (const line of await benchDice()) console.log(line);
