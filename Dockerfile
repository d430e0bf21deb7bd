# syntax=docker/dockerfile:1
# The portal as one image: API + built web app in one Node process (docs/deploy.md).

# --- build: every dependency, then the web app and the API bundle ---------------------------
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --no-audit --no-fund
COPY . .
RUN NODE_ENV=production npm run build

# --- runtime: production dependencies of the API only, no compiler, not root -----------------
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
# better-sqlite3 ships prebuilt binaries (Node-API) and loads the one of the platform; npm ci still
# runs its node-gyp step, which compiles nothing when a prebuilt one exists but needs python3 and make
# (and g++ on a platform without one): the tools live only inside this one layer.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && npm ci --omit=dev --workspace @portal/api --no-audit --no-fund \
 && npm cache clean --force \
 && apt-get purge -y python3 make g++ && apt-get autoremove -y \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready = database, file storage and Redis (when set) answer; see /api/health/live for liveness.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests in flight (SHUTDOWN_TIMEOUT_MS, default 10 s; keep docker's stop timeout longer).
STOPSIGNAL SIGTERM
# The flags of `npm start` (scripts/start.mjs): no --enable-source-maps (docs/decisions/058-api-memory.md).
CMD ["node", "--max-semi-space-size=2", "apps/api/dist/main.js"]
