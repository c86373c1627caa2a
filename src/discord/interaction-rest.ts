// Answers through an interaction's token go around the bot's global limit (issue 32 §1). Discord does
// not count the interaction endpoints against a bot's 50 requests a second; discord.js does: its REST
// client exempts the callback, but counts the follow-ups and edits of `/webhooks/<application>/<token>`
// and holds them, like every other route, once its second's 50 are spent. Under load a command's late
// answer, its aside or its picture then waited behind other tables' DMs and board edits, and used up
// calls those needed. A second REST client without a global count takes those requests; their routes'
// own limits still hold there.
import { REST, type Client } from 'discord.js';

type Request = Parameters<REST['request']>[0];

/** `/webhooks/<application id>/<token>…`, sent without the bot's token: an interaction's own webhook. */
export function isInteractionWebhook(request: Pick<Request, 'fullRoute' | 'auth'>, applicationId: string | undefined): boolean {
  return request.auth === false && applicationId !== undefined && request.fullRoute.startsWith(`/webhooks/${applicationId}/`);
}

/** Sends the client's interaction webhook requests through a REST client of their own; returns it (stopped with the client). */
export function exemptInteractionWebhooks(client: Client): REST {
  const lane = new REST({ ...client.options.rest, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
  const main = client.rest;
  const request = main.request.bind(main);
  main.request = (options: Request) => (isInteractionWebhook(options, client.application?.id ?? client.user?.id) ? lane.request(options) : request(options));
  const destroy = client.destroy.bind(client);
  client.destroy = async () => {
    lane.clearHashSweeper();
    lane.clearHandlerSweeper();
    await destroy();
  };
  return lane;
}
