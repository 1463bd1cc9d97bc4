#!/usr/bin/env bash
# mimic mutate split across CI machines (--shard k/n with a shared --baseline, then
# mimic mutate merge) against one unsplit run of the same subject, in the same run: the
# baseline job's time, each shard's wall time as a share of the unsplit run's, and
# whether the merged shards give the unsplit run's verdicts.
#
#   bench/shards.sh [work-dir]                  (default /tmp/shards-bench-run)
#   SUBJECTS="cli-1.5.0 cli-1.9.0" SHARDS=3 bench/shards.sh
#   ROUNDS=5 bench/shards.sh                    (default 5: unsplit run and shards back to
#                                                back five times; the median share per shard)
#
# A thin front of bench/mutate-vs-descartes.sh (PIT=0, SHARDS=2, commons-cli 1.9.0
# unless set). The shards run one after the other on this machine, each with the same
# two test JVMs an unsplit run has, as each CI machine of a matrix would.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PIT="${PIT:-0}" SHARDS="${SHARDS:-2}" ROUNDS="${ROUNDS:-5}" SUBJECTS="${SUBJECTS:-cli-1.9.0}" \
  exec "$ROOT/bench/mutate-vs-descartes.sh" "${1:-/tmp/shards-bench-run}"
