#!/usr/bin/env bash
# mimic mutate --explain (Reneri's infection and propagation analysis) against a plain
# mimic mutate run of the same subjects, in the same run: the time ratio, the symptom
# split and Table III row beside the paper's, and the paper's named commons-cli cases.
#
#   bench/explain.sh [work-dir]                 (default /tmp/explain-bench-run)
#   SUBJECTS="cli-1.9.0" EXPLAIN=3 bench/explain.sh
#
# A thin front of bench/mutate-vs-descartes.sh (PIT=0, EXPLAIN=3 unless set).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PIT="${PIT:-0}" EXPLAIN="${EXPLAIN:-3}" SUBJECTS="${SUBJECTS:-cli-1.5.0 cli-1.9.0 codec-1.17.1}" \
  exec "$ROOT/bench/mutate-vs-descartes.sh" "${1:-/tmp/explain-bench-run}"
