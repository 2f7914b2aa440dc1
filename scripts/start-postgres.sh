#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster for the notes service's tests (test/server/): the newest
# installed version's `main` cluster, created when missing, listening on 127.0.0.1:5432 only.
# Run as root (Debian's wrappers switch to the `postgres` user themselves). Idempotent: a cluster
# already online is left as it is. CI (.ci/run) calls it; a developer runs it once per boot.
set -euo pipefail
version="$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1)"
if [ -z "$version" ]; then
  echo "PostgreSQL is not installed: run 'apt-get update && apt-get install -y postgresql' as root" >&2
  exit 1
fi
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
status="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $4}')"
if [ "$status" != "online" ]; then
  pg_ctlcluster "$version" main start -- -o "-c listen_addresses=127.0.0.1"
fi
pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print "PostgreSQL " $1 " " $2 " on port " $3 ": " $4}'
