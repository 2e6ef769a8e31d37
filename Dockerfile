# syntax=docker/dockerfile:1
# The production image (README, "Production"). The build stage runs exactly what CI runs:
# `node packages/devtools/src/build-production.mjs /out` builds the SPA, bundles the API and lays
# out a tree with only production dependencies; the final stage copies that tree and nothing else.
#   docker build -t ai-studio .
#   docker run --env-file .env -p 8080:8080 ai-studio

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source where no prebuilt binary can be downloaded.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 CI=true
RUN npm install -g pnpm@10.34.9
WORKDIR /src
# The store from the lockfile alone, so a change to the sources does not download again.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
RUN node packages/devtools/src/build-production.mjs /out

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
# Owned by root, read-only for the server; only DATA_DIR is the server's to write.
COPY --from=build /out /app
# Debian's lame encodes the MP3s (music and speech) several times faster than the bundled lamejs.
RUN apt-get update \
  && apt-get install -y --no-install-recommends lame \
  && rm -rf /var/lib/apt/lists/*
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
STOPSIGNAL SIGTERM
# Liveness through Node's own fetch (the slim image has no curl); readiness is the orchestrator's
# to ask (GET /api/health/ready, as compose.yaml does).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
