# syntax=docker/dockerfile:1
# The API server on Node 24 LTS, the Node version .ci/run tests on (keep NODE_VERSION equal to its NODE_24 pin).
#   docker build -t tool-execution-api .
#   docker run -p 3000:3000 -v tool-api-data:/data tool-execution-api
# deploy/recipes.test.ts checks every line below and runs the start command, user and health probe as the image would.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
# npm ci runs the package's prepare script, which is the build: it needs the whole source tree (.dockerignore trims it).
COPY . .
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
    && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and not writable by the server's user: only DATA_DIR is.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
# The official image's unprivileged user (uid 1000).
USER node
VOLUME ["/data"]
EXPOSE 3000
# SIGTERM starts the graceful stop: no new connections, in-flight requests finish (SHUTDOWN_TIMEOUT_MS, default 10 s),
# then the tool processes and storage close. Give `docker stop` longer than that: `docker stop -t 30`.
STOPSIGNAL SIGTERM
# node is in the image and curl is not: a one-line fetch, exit 0 only on a 2xx.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself, not npm start: npm would sit between the signal and the server.
CMD ["node", "dist/adapters/main.js"]
