// One fuzzed session (issue 27 §2): a generator's random legal steps played in two worlds that differ
// only in hidden values, step by step, and after each step what every compared audience received in
// the two worlds is compared. The first difference outside the declared exceptions fails the session
// with the seed, the step, the audience and the two lines; a difference a declared exception covers
// (a public outcome the rules make public) lets the worlds part, and the session stops there.
import fs from 'node:fs';
import path from 'node:path';
import { mask, type Exception } from '../exceptions.js';
import { Prng } from './prng.js';
import { readStep, newReading, type Reading } from './transcript.js';
import { describeStep, openFuzzWorld, playStep, type Audience, type FuzzWorld, type Step, type StepOutcome, type Who } from './world.js';

export interface Session {
  seed: string;
  rng: Prng;
  /** the two worlds: generators read the public state (and the actor's own) from them */
  worlds: readonly [FuzzWorld, FuzzWorld];
  /** steps played so far */
  steps: number;
}

export interface Generator {
  area: string;
  /** who may read the values that differ between the worlds (never compared) */
  entitled: readonly Who[];
  /** the table's language and each person's */
  locales: { table: string } & Record<Who, string>;
  exceptions: readonly Exception[];
  /** at most this many steps */
  budget: number;
  /** yields the next step; resumes with what it did in the two worlds */
  play(session: Session): AsyncGenerator<Step, void, readonly [StepOutcome, StepOutcome]>;
}

export interface Divergence {
  seed: string;
  step: number;
  what: string;
  audience: Audience;
  x: string;
  y: string;
  /** other lines of the same step that differ */
  also?: Divergence[];
}

/** FUZZ_SURVEY=1: a divergence does not stop the session; every one is listed (to see all a branch leaks). */
const SURVEY = process.env.FUZZ_SURVEY === '1';

interface Difference {
  audience: Audience;
  x: string;
  y: string;
  /** the whole line differs only where the declared exceptions mask it */
  covered: boolean;
  /** the first line where the two differ is a declared outcome (what follows may be its consequence) */
  outcomeFirst: boolean;
  exceptions: string[];
}

/** Every line of the step that differs between the worlds, per compared audience, masked by the declared exceptions. */
function differences(seen: readonly [Map<Audience, string[]>, Map<Audience, string[]>], compared: readonly Audience[], exceptions: readonly Exception[]): Difference[] {
  const out: Difference[] = [];
  for (const audience of compared) {
    const relevant = exceptions.filter((e) => e.audiences.includes(audience as never));
    const left = seen[0].get(audience) ?? [];
    const right = seen[1].get(audience) ?? [];
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      const l = left[i] ?? '(nothing)';
      const r = right[i] ?? '(nothing)';
      if (l === r) continue;
      const [ml, mr] = [mask(l, relevant), mask(r, relevant)];
      const used = relevant.filter((e) => mask(l, [e]) !== l || mask(r, [e]) !== r).map((e) => e.id);
      const [ll, rl] = [l.split('\n'), r.split('\n')];
      let at = 0;
      while (at < ll.length && at < rl.length && ll[at] === rl[at]) at++;
      const outcomeFirst = at < ll.length && at < rl.length && mask(ll[at]!, relevant) === mask(rl[at]!, relevant);
      out.push({ audience, ...firstDifference(ml, mr), covered: ml === mr, outcomeFirst, exceptions: used });
    }
  }
  return out;
}

export interface SessionResult {
  seed: string;
  area: string;
  steps: number;
  /** interactions played in both worlds (a skipped button is not one) */
  interactions: number;
  /** why the session stopped comparing before its end, if it did */
  parted?: string;
  divergence?: Divergence;
  /** FUZZ_SURVEY: every divergence met */
  survey: Divergence[];
  /** each step as played, for a replay */
  log: string[];
  /** steps at which an entitled reader's lines differed: the hidden values were really in play */
  hiddenShown: number;
}

/** FUZZ_DUMP=<folder>: every step's lines per audience and world, to read a divergence in full. */
function dump(folder: string, seed: string, stepNo: number, what: string, seen: readonly [Map<Audience, string[]>, Map<Audience, string[]>]): void {
  fs.mkdirSync(folder, { recursive: true });
  (['X', 'Y'] as const).forEach((name, i) => {
    const lines = [...seen[i]!.entries()].map(([audience, entries]) => `## ${audience}\n${entries.join('\n\n')}`);
    fs.appendFileSync(path.join(folder, `${seed}.${name}.txt`), `\n# step ${stepNo}: ${what}\n${lines.join('\n')}\n`);
  });
}

/** The two texts from the line where they part. */
function firstDifference(a: string, b: string): { x: string; y: string } {
  const la = a.split('\n');
  const lb = b.split('\n');
  let i = 0;
  while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
  const head = la[0] === lb[0] && i > 0 ? `${la[0]} … ` : '';
  return { x: head + la.slice(i, i + 3).join('\n'), y: head + lb.slice(i, i + 3).join('\n') };
}

export function formatDivergence(d: Divergence, replay: string): string {
  const pair = (e: Divergence) => [`  world X: ${e.x.replaceAll('\n', '\n           ')}`, `  world Y: ${e.y.replaceAll('\n', '\n           ')}`];
  const more = (d.also ?? []).flatMap((e) => [`also, audience ${e.audience}:`, ...pair(e)]);
  return [`seed ${d.seed}, step ${d.step} (${d.what}), audience ${d.audience}:`, ...pair(d), ...more, `replay: ${replay}`].join('\n');
}

const AUDIENCES: readonly Audience[] = ['table', 'gm', 'a', 'b', 'c'];

export async function runSession(seed: string, make: (seed: string, rng: Prng) => Generator): Promise<SessionResult> {
  const rng = new Prng(seed);
  const generator = make(seed, rng);
  const x = await openFuzzWorld(0, seed, generator.locales);
  const y = await openFuzzWorld(1, seed, generator.locales).catch(async (e) => {
    await x.h.close();
    throw e;
  });
  const session: Session = { seed, rng, worlds: [x, y], steps: 0 };
  const readings: [Reading, Reading] = [newReading(), newReading()];
  const compared = AUDIENCES.filter((a) => a !== 'gm' && !generator.entitled.includes(a as Who));
  const result: SessionResult = { seed, area: generator.area, steps: 0, interactions: 0, log: [], hiddenShown: 0, survey: [] };
  const play = generator.play(session);
  let error: unknown;
  try {
    let next = await play.next();
    while (!next.done && session.steps < generator.budget) {
      const step = next.value;
      const stepNo = ++session.steps;
      const what = describeStep(step);
      result.log.push(`${stepNo}. ${what}`);
      const outcomes = (await Promise.all([playStep(x, step, stepNo), playStep(y, step, stepNo)])) as [StepOutcome, StepOutcome];
      if (!outcomes[0].skipped || !outcomes[1].skipped) result.interactions++;
      const seen = [readStep(x, readings[0]), readStep(y, readings[1])] as const;
      if (process.env.FUZZ_DUMP) dump(process.env.FUZZ_DUMP, seed, stepNo, what, seen);
      // The actor may read the hidden values: a step legal in one world and refused in the other shows
      // the table a different course by the actor's choice, not by a leak. The worlds part there.
      if (generator.entitled.includes(step.who) && !(step.kind === 'command' && step.only !== undefined) && (outcomes[0].skipped !== outcomes[1].skipped || outcomes[0].ephemeral !== outcomes[1].ephemeral || outcomes[0].refused !== outcomes[1].refused)) {
        const how = (o: StepOutcome) => (o.skipped ? 'nothing' : o.refused ? 'a refusal' : o.ephemeral ? 'the actor alone' : 'the table');
        result.parted = `step ${stepNo} (${what}): answered ${how(outcomes[0])} in X, ${how(outcomes[1])} in Y (the actor knows the hidden values)`;
        break;
      }
      if (AUDIENCES.some((a) => !compared.includes(a) && JSON.stringify(seen[0].get(a) ?? []) !== JSON.stringify(seen[1].get(a) ?? []))) result.hiddenShown++;
      const found = differences(seen, compared, generator.exceptions);
      // The table read a declared public outcome that differs (who won, whether a blow landed, whether
      // the Down was resisted), first in its message: what follows from it may differ too.
      const parting = found.find((d) => d.audience === 'table' && (d.covered || d.outcomeFirst));
      const uncovered = found.filter((d) => !d.covered);
      if (parting && !SURVEY) {
        // The worlds' courses part here, and what follows from that outcome in this step (the board's next
        // turn, a loser's retreat) is no longer comparable: the session stops.
        result.parted = `a declared public outcome at step ${stepNo} (${what}): ${parting.exceptions.join(', ')}`;
        break;
      }
      if (uncovered.length) {
        const [first, ...more] = uncovered.map((d) => ({ seed, step: stepNo, what, audience: d.audience, x: d.x, y: d.y }));
        if (SURVEY) {
          result.survey.push(first!, ...more);
        } else {
          result.divergence = { ...first!, also: more.slice(0, 4) };
          break;
        }
      }
      // A difference only a side may read (a battle's odds in its DM) leaves the public course as it was.
      next = await play.next(outcomes);
    }
  } catch (e) {
    error = e;
  } finally {
    result.steps = session.steps;
    await play.return(undefined).catch(() => undefined);
    const violations = [...x.h.violations, ...y.h.violations];
    const closing = await Promise.allSettled([x.h.close(), y.h.close()]);
    const failed = closing.find((c): c is PromiseRejectedResult => c.status === 'rejected');
    error ??= failed?.reason;
    if (!error && violations.length) error = new Error(`public views in another language than the table’s:\n${violations.join('\n')}`);
  }
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`seed ${seed}, step ${session.steps}: ${message}\nsteps:\n${result.log.slice(-15).join('\n')}`, { cause: error });
  }
  return result;
}
