// A local stand-in for Scryfall's POST /cards/collection on 127.0.0.1 (never the real service).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCard {
  name: string;
  cmc: number;
  colors?: string[];
  type_line: string;
  card_faces?: { colors?: string[]; type_line?: string }[];
  /** printed names by language, served by the search endpoint (`!"name" lang:ja`) */
  printed?: Partial<Record<'ja' | 'ko', string>>;
}

export interface FakeScryfall {
  base: string;
  /** identifiers asked for, one array per request */
  requests: string[][];
  close(): Promise<void>;
}

export async function startFakeScryfall(cards: FakeCard[]): Promise<FakeScryfall> {
  const byName = new Map(cards.map((c) => [c.name.toLowerCase(), c]));
  const requests: string[][] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/cards/search') {
      // `!"Name" lang:xx`: the printings of that exact name in that language, or 404.
      const m = /^!"(.+)" lang:(\w+)$/.exec(url.searchParams.get('q') ?? '');
      const card = m ? byName.get(m[1]!.toLowerCase()) : undefined;
      const printed = m && card?.printed?.[m[2] as 'ja' | 'ko'];
      if (!printed) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'error', status: 404 }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ name: card!.name, lang: m![2], printed_name: printed }] }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/cards/collection') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'error', status: 404 }));
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const identifiers = (JSON.parse(body) as { identifiers: { name: string }[] }).identifiers;
      if (identifiers.length > 75) {
        res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'error', status: 422, details: 'too many identifiers' }));
        return;
      }
      requests.push(identifiers.map((i) => i.name));
      const data = identifiers.map((i) => byName.get(i.name.toLowerCase())).filter((c): c is FakeCard => !!c).map(({ printed: _p, ...c }) => c);
      const notFound = identifiers.filter((i) => !byName.has(i.name.toLowerCase()));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', not_found: notFound, data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
