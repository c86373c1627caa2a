import readline from 'node:readline';
import { translator } from '../i18n/index.js';
import { createConsoleSession, type ConsoleDeps } from './session.js';

/** Reads lines until /exit or end of input (so `echo '/roll 2d6' | npm start` works too). */
export async function runConsole(deps: ConsoleDeps, input = process.stdin, output = process.stdout): Promise<void> {
  const session = createConsoleSession(deps);
  const t = translator(deps.locale);
  const rl = readline.createInterface({ input, output, terminal: input.isTTY === true });
  rl.on('SIGINT', () => rl.close()); // Ctrl-C ends the loop, and main closes the database
  output.write(`${t('console.welcome')}\n${await session.handle('/whoami')}\n`);
  // Piped input (echo … | npm start) gets answers only; a terminal gets a prompt too.
  const prompt = () => {
    if (!input.isTTY) return;
    rl.setPrompt(session.prompt());
    rl.prompt();
  };
  prompt();
  for await (const line of rl) {
    const out = await session.handle(line);
    if (out === null) break;
    if (out) output.write(`${out}\n`);
    prompt();
  }
  output.write(`${t('console.bye')}\n`);
  rl.close();
}
