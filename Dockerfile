# One image for every service: SERVICE picks which bundled main runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npx -y pnpm@10.34.9 install --frozen-lockfile && node scripts/build.mjs --force

FROM node:20-bookworm-slim AS service
WORKDIR /app
ENV NODE_ENV=production
# the launch settings of scripts/server-launch.json (idle memory; a test keeps the two the same)
ENV MALLOC_ARENA_MAX=8 MALLOC_TRIM_THRESHOLD_=131072 MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /app /app
ARG SERVICE=query-api
ENV SERVICE=${SERVICE}
CMD ["sh", "-c", "exec node --enable-source-maps --max-semi-space-size=4 services/${SERVICE}/dist/main.js"]

FROM nginx:1.27-alpine AS proxy
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
