# Holotable: multi-stage build. The runtime image runs `holotable serve` as a non-root user
# with the database on a volume; configure it with environment variables, e.g.
#   docker run -e HOLOTABLE_DISCORD_TOKEN=... -v holotable-data:/data holotable
FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked && strip target/release/holotable

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --create-home --home-dir /home/holotable holotable \
    && mkdir -p /data && chown holotable /data
COPY --from=build /src/target/release/holotable /usr/local/bin/holotable
COPY config.example.toml /etc/holotable/config.example.toml
USER holotable
WORKDIR /data
VOLUME ["/data"]
ENV HOLOTABLE_DATABASE__PATH=/data/holotable.db
ENTRYPOINT ["holotable"]
CMD ["serve"]
