// /reveal id: publishes a committed secret's text and shows that it hashes to the commitment
// posted earlier, so the table can trust a hidden roll after the fact.
import { SlashCommandBuilder } from '@discordjs/builders';
import { UserError } from '../src/services/errors.js';
import { describe } from '../src/services/localize.js';
import type { CommandModule } from '../src/services/types.js';
import { sha256Hex, verify } from '../src/core/secrets/commit.js';
import { appendEvent } from '../src/store/events.js';
import { channelGm } from '../src/store/gms.js';
import { getSecret, markRevealed } from '../src/store/secrets.js';
import { text } from '../src/views/view.js';
import type { ActionDeclaration } from '../src/core/grailwar/actions.js';
import { turnKey } from '../src/core/session/calendar.js';
import { warFactions } from '../src/store/wars.js';
import type { FactionRow } from '../src/store/schema/index.js';
import { describeAction } from '../src/views/war-action.js';

const definition = describe(new SlashCommandBuilder(), 'cmd.reveal')
  .setDMPermission(false)
  .addIntegerOption((o) => describe(o, 'cmd.reveal.id').setRequired(true).setMinValue(1))
  .toJSON();

export const reveal: CommandModule = {
  definition,
  helpKey: 'help.reveal',
  async execute(ctx, options) {
    const id = options.integer('id') ?? 0;
    const secret = await ctx.store.transaction(async (tx) => {
      const row = await getSecret(tx, id);
      if (!row || row.guildId !== ctx.guildId) throw new UserError('secret.unknown', { id });
      const gm = await channelGm(tx, row.channelId);
      if (row.ownerId !== ctx.user.id && gm?.userId !== ctx.user.id) throw new UserError('secret.notYours', { id });
      if (!row.revealedAt) {
        const at = ctx.now();
        await markRevealed(tx, id, at);
        await appendEvent(tx, { at, guildId: ctx.guildId, channelId: row.channelId, actorId: ctx.user.id, type: 'secret.revealed', subject: `secret:${id}`, before: { revealedAt: null }, after: { revealedAt: at.getTime() } });
      }
      // A declaration names factions by id (its targets): the table reads their names (issue 31).
      const payload = parsePayload(row.text);
      const factions = row.kind === 'action' && typeof payload?.war === 'number' ? await warFactions(tx, payload.war) : [];
      return { ...row, payload, factions };
    });
    // Recomputed here, not trusted from the row: what the channel reads is checked the way anyone can.
    const ok = verify(secret.hash, secret.text);
    return {
      view: {
        locale: ctx.locale,
        tone: ok ? 'success' : 'failure',
        title: ctx.t('secret.revealTitle', { id }),
        blocks: [
          ...readable(ctx, secret.kind, secret.payload, secret.factions).map(text),
          text(`\`\`\`json\n${secret.text}\n\`\`\``),
          text(`commitment \`sha256:${secret.hash}\`\nrecomputed \`sha256:${sha256Hex(secret.text)}\``),
          text(ctx.t(ok ? 'secret.verified' : 'secret.mismatch')),
          text(ctx.t('secret.howTo')),
        ],
        ephemeral: false,
      },
      dms: [],
    };
  },
};

function parsePayload(raw: string): Record<string, unknown> | null {
  try {
    // the committed text is { v, owner, nonce, result } (src/core/secrets/commit.ts): what was committed is `result`
    const parsed = (JSON.parse(raw) as { result?: unknown } | null)?.result;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What the committed text says, in the table's words: a declaration by its faction, action and targets' names. */
function readable(ctx: Parameters<CommandModule['execute']>[0], kind: string, payload: Record<string, unknown> | null, factions: FactionRow[]): string[] {
  if (kind !== 'action' || !payload) return [];
  const action = payload.action as ActionDeclaration | undefined;
  if (!action || typeof action.kind !== 'string' || !Array.isArray(action.targets)) return [];
  const targets = action.targets.map((id) => factions.find((f) => f.id === id)).filter((f): f is FactionRow => f !== undefined);
  const turn = typeof payload.turn === 'number' && payload.turn >= 0 && payload.turn < 4 ? ctx.t(turnKey(payload.turn)) : '';
  const faction = typeof payload.faction === 'string' ? payload.faction : (factions.find((f) => f.id === action.factionId)?.name ?? '?');
  return [ctx.t('secret.reveal.action', { faction, day: typeof payload.day === 'number' ? payload.day : '?', turn, action: describeAction(ctx.t, action, targets) })];
}
