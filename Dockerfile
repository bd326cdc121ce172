# syntax=docker/dockerfile:1

# ---- build: install everything (better-sqlite3 compiles from source), build the Remix app ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# patches/ before the install: npm ci's postinstall applies them (docs/decisions/018).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci
COPY . .
RUN npm run build

# ---- runtime: one container serves pages, the embedded demo store, media and health checks ----
FROM node:20-bookworm-slim
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
# Memory settings as in `npm run serve` (measured in docs/benchmarks): two malloc arenas and early
# trimming keep native memory low, a 2 MB young generation keeps the heap small at no measured cost,
# and the old generation grows by half its live size before the next full collection (docs/decisions/014).
ENV MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
# The server runs the host compiled by `npm run build` (build/host, docs/decisions/014) as the one
# process that receives SIGTERM and drains requests. The image carries the installed modules,
# the source (tsx still runs `npm run demo`) and the client/server/host build side by side.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=50", "server/start.js"]
