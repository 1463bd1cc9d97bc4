#!/usr/bin/env bash
# The MockDetector paper's eight benchmarks (Tables 1-3) through mimic's mock analysis:
# fetches each published tests jar from Maven Central (mimic's artifact cache), prints our
# Table 2/3 columns next to the paper's Soot/Doop numbers, and times the whole analysis
# (class loading included): min/median/max over RUNS runs (default 5).
# Usage: bench/mocks-benchmarks.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run -q --release -j1 -p mimic-mocks --example mocks_benchmarks -- "${1:-5}"
