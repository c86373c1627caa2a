# syntax=docker/dockerfile:1
# Node 24 is the current LTS (Node 20 reached its end of life on 2026-04-30); package.json's engines
# (>= 20.19) keeps development on an older Node possible. test/docker/node-version.test.ts holds both.
# Build stage: compiles the native SQLite module and the TypeScript, then drops dev dependencies.
FROM node:24-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY commands ./commands
COPY migrations ./migrations
# The pictures use only the regular weight of Noto Sans JP/KR (src/pictures/glyphs.ts): the other
# eight weights of each (~90 MB) are dropped.
RUN npm run build && npm prune --omit=dev \
 && find node_modules/@expo-google-fonts -mindepth 2 -maxdepth 2 -type d ! -name 400Regular -exec rm -rf {} + \
 && find node_modules/@expo-google-fonts -name '*.ttf.png' -delete

# Runtime stage: no compiler, non-root user, database in a volume.
# MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's pool, V8's compiler and GC
# helpers) an arena of its own, up to 8 a core, and keeps what they freed; with two, a full shard's
# day (bench/shard.ts, which runs the bot with this stage's ENV) no longer grows them: 13 → 22 MB
# before, 5 → 5 MB with it, at 500 guilds and 20,000 users (issue 32 §2). The main arena's own growth
# over the day was SQLite's page cache (src/store/sqlite.ts bounds it); MALLOC_TRIM_THRESHOLD_=131072
# (fixed thresholds: large blocks mapped and unmapped, the top trimmed) then changed nothing measurable
# (RSS after the day at 1,000 guilds and 40,000 users: 227 and 223 MB without it, 228 MB with it), so
# it is not set.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    DATABASE_URL=/data/grailwar.sqlite \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# SIGTERM from `docker stop` reaches node directly (exec form): in-flight commands finish first.
CMD ["node", "--initial-old-space-size=128", "dist/src/main.js"]
