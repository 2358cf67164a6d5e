# The portal as one container: the app and, unless MONGODB_URI names another, its embedded database, whose files live
# in the /data volume (docs/deploy.md#a-container). Build: docker build -t vacation-classes .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
RUN npm ci
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    UPLOADS_DIR=/data/uploads \
    NODE_OPTIONS=--max-old-space-size=256
WORKDIR /app
COPY --from=build --chown=root:root /app /app
# The app runs as the image's unprivileged user; only the data directory is its to write.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers 200 once the database is reachable (docs/operations.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the app finishes what it accepted, then the database writes its checkpoint (docs/deploy.md).
STOPSIGNAL SIGTERM
CMD ["npm", "start"]
