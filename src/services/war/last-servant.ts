// "When the servants are down to the last one, the Greater Grail fully awakens and the war ends; the last
// pair's wish is granted" (seed 001 L66). Whatever takes a servant out — a kill in a fight, a masterless
// servant vanishing at the turn end, the GM marking a faction eliminated — asks here whether the war
// has just reached its last servant; the table and the GM are told once (the war's config remembers it,
// with an event, so /war undo takes the notice back with the change that caused it).
import { and, eq } from 'drizzle-orm';
import { translator } from '../../i18n/index.js';
import { getCharactersById } from '../../store/characters.js';
import type { Tx } from '../../store/db.js';
import { appendEvent } from '../../store/events.js';
import { channelGm } from '../../store/gms.js';
import type { CharacterRow, FactionRow, WarRow } from '../../store/schema/index.js';
import { getWar, updateWar, warFactions } from '../../store/wars.js';
import { text, type ChannelPost, type DirectMessage } from '../../views/view.js';
import { hydrate } from '../characters.js';
import { recipientLocales } from '../locales.js';
import { tableOf } from '../table.js';
import type { CommandContext } from '../types.js';
import type { WarConfig } from './state.js';
import type { TurnWrites } from './turn-writes.js';

export interface LastServantNotice {
  posts: ChannelPost[];
  dms: DirectMessage[];
}

const NONE: LastServantNotice = { posts: [], dms: [] };

type NoticedConfig = WarConfig & { lastServant?: { factionId: number; day: number; turn: number } };

/**
 * Which factions' servants still stand: not eliminated, and the servant's sheet (if any) not dead. The
 * servants are read in one statement (issue 32 §1: one by one, every turn end of a 7-faction war took 7
 * round trips more).
 */
async function standing(tx: Tx, factions: FactionRow[], known?: ReadonlyMap<number, CharacterRow>): Promise<FactionRow[]> {
  const servants = known ?? (await getCharactersById(tx, factions.flatMap((f) => (!f.eliminated && f.servantId !== null ? [f.servantId] : []))));
  return factions.filter((f) => {
    if (f.eliminated) return false;
    // A team entered without a servant sheet (a GM's NPC) is counted as standing: nothing says otherwise.
    if (f.servantId === null) return true;
    const row = servants.get(f.servantId);
    return !row || !hydrate(row).runtime.dead;
  });
}

/** The notice for a Fate war that has just come down to one standing servant; nothing otherwise. */
export async function lastServantNotice(tx: Tx, ctx: CommandContext, warId: number): Promise<LastServantNotice> {
  const war = await getWar(tx, warId);
  if (!war || !mayCome(war)) return NONE;
  const last = await lastStanding(tx, await warFactions(tx, war.id));
  if (!last) return NONE;
  const { config, after } = noticed(war, last);
  await updateWar(tx, war.id, { config: after });
  await appendEvent(tx, { at: ctx.now(), guildId: war.guildId, channelId: war.channelId, actorId: ctx.user.id, type: 'war.lastServant', subject: `war:${war.id}`, before: { config }, after: { config: after } });
  return await notices(tx, ctx, war, last.name);
}

/**
 * The same at a turn end, on the war and factions /war advance holds as they will be stored, and the
 * servants it read for the turn end (every standing faction's; null: read them here), so nothing is
 * read back (issue 32 §1); the war's change is written with the turn end's.
 */
export async function lastServantAtTurnEnd(tx: Tx, ctx: CommandContext, writes: TurnWrites, servants: ReadonlyMap<number, CharacterRow> | null): Promise<LastServantNotice> {
  const war = writes.war;
  if (!mayCome(war)) return NONE;
  const last = await lastStanding(tx, writes.factions, servants ?? undefined);
  if (!last) return NONE;
  const { config, after } = noticed(war, last);
  writes.changeWar({ config: after }, { guildId: war.guildId, channelId: war.channelId, type: 'war.lastServant', subject: `war:${war.id}`, before: { config }, after: { config: after } });
  return await notices(tx, ctx, writes.war, last.name);
}

const mayCome = (war: WarRow) => war.ruleset === 'fate' && war.status === 'active' && !((war.config ?? {}) as NoticedConfig).lastServant;

async function lastStanding(tx: Tx, factions: FactionRow[], servants?: ReadonlyMap<number, CharacterRow>): Promise<FactionRow | null> {
  // A war that began with one team has not "come down" to it.
  if (factions.length < 2) return null;
  const still = await standing(tx, factions, servants);
  return still.length === 1 ? still[0]! : null;
}

function noticed(war: WarRow, last: FactionRow): { config: NoticedConfig; after: NoticedConfig } {
  const config = (war.config ?? {}) as NoticedConfig;
  return { config, after: { ...config, lastServant: { factionId: last.id, day: war.day, turn: war.turn } } };
}

/** After a character died: the notice of the active war it is a servant in, if that was the last but one. */
export async function lastServantAfterDeath(tx: Tx, ctx: CommandContext, characterId: number | null): Promise<LastServantNotice> {
  if (characterId === null || !ctx.guildId) return NONE;
  const { factions, wars } = tx.t;
  const rows = await tx.db
    .select({ warId: factions.warId })
    .from(factions)
    .innerJoin(wars, eq(wars.id, factions.warId))
    .where(and(eq(factions.servantId, characterId), eq(wars.status, 'active'), eq(wars.guildId, ctx.guildId)));
  const out: LastServantNotice = { posts: [], dms: [] };
  for (const { warId } of rows) {
    const notice = await lastServantNotice(tx, ctx, warId);
    out.posts.push(...notice.posts);
    out.dms.push(...notice.dms);
  }
  return out;
}

async function notices(tx: Tx, ctx: CommandContext, war: WarRow, faction: string): Promise<LastServantNotice> {
  const table = await tableOf(tx, war.channelId, war.guildId, ctx.table.locale);
  const post: ChannelPost = {
    channelId: war.channelId,
    view: { locale: table.locale, tone: 'info', title: table.t('war.lastServant.title', { name: war.name }), blocks: [text(table.t('war.lastServant.table', { faction }))], ephemeral: false },
  };
  const gm = (await channelGm(tx, war.channelId))?.userId;
  // The GM who caused it reads the channel post; anyone else's command reaches the GM by DM.
  if (!gm || gm === ctx.user.id) return { posts: [post], dms: [] };
  const locale = (await recipientLocales(tx, [gm], ctx.locale))(gm);
  const t = translator(locale);
  const dm: DirectMessage = { userId: gm, view: { locale, tone: 'info', title: t('war.lastServant.title', { name: war.name }), blocks: [text(t('war.lastServant.gm', { faction, channel: `<#${war.channelId}>` }))], ephemeral: false } };
  return { posts: [post], dms: [dm] };
}
