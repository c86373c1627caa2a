// `npm run bench`: /roll through command + store, bytes per stored roll, a load run through the real
// client (SQLite and PostgreSQL), the pictures (issue 22), then the dice engine vs bcdice in the same process.
// The command bench runs first: loading bcdice (Opal-compiled Ruby) slows later JavaScript down.
import { benchDice } from './dice.js';
import { benchRollCommand } from './roll-command.js';
import { benchLoad } from './load.js';
import { benchStorage } from './storage.js';
import { benchPictures } from './pictures.js';

console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`);
for (const line of await benchRollCommand()) console.log(line);
console.log('');
for (const line of await benchStorage()) console.log(line);
console.log('');
for (const line of await benchLoad()) console.log(line);
console.log('');
for (const line of await benchPictures()) console.log(line);
console.log('');
for (const line of await benchDice()) console.log(line);
