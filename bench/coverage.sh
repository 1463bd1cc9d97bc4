#!/usr/bin/env bash
# Issue 16's coverage question on the bundled examples: do the generated tests cover what
# the run covered? For each example with a plain `main` workload, mimic runs it in rick's
# mode (`mimic run`) and in whole-program mode (`mimic run --all`), and JaCoCo 0.8.12
# measures, over the example's classes except its `Main` (the entry point, which is not
# unit-tested):
#   - the workload itself (its classes instrumented offline, run once);
#   - the tests of each mode (`mimic verify --runs 1` against the instrumented classes).
# A test line also says how many of the workload's covered lines the tests cover again,
# the figure the thesis (trace-based test generation, Table I) compares. Offline
# instrumentation: see bench/environment.sh for why JaCoCo's java agent cannot be used.
# Prints one line per example and way; the reports stay under WORK (default: a temporary
# directory, printed). Env: WORK, MIMIC_CACHE. Needs java 17+, mvn, python3, cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p mimic-cli -p mimic-agent
mimic=$PWD/target/release/mimic
export MIMIC_AGENT=$PWD/target/release/libmimic_agent.so
work=${WORK:-$(mktemp -d /tmp/mimic-coverage-bench-XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "java: $(command -v java) ($(java -version 2>&1 | head -1)); work: $work"
source bench/jacoco.sh

# One example: examples/$1 with main class $2.
measure() {
  local name=$1 main=$2
  local out=$work/$name
  rm -rf "$out"
  mkdir -p "$out"
  javac -nowarn --release 17 -d "$out/classes" $(find "examples/$name/src" -name '*.java')
  # What JaCoCo reports on: every class but the entry point's.
  cp -r "$out/classes" "$out/selected"
  find "$out/selected" -name "${main##*.}.class" -delete
  local instrumented
  instrumented=$(instrument "$out/classes" "$out/instrumented")
  java -Djacoco-agent.destfile="$out/workload.exec" -cp "$instrumented" "$main" \
    > "$out/workload.log" 2>&1
  coverage "$name / the workload" "$out/workload.exec" "$out/selected"
  local mode flags rules=()
  # An example may bring its own redaction rules (reservations: the paper's test cards).
  [ -f "examples/$name/redaction.toml" ] && rules=(--redact-rules "examples/$name/redaction.toml")
  for mode in rick all; do
    flags=("${rules[@]}")
    [ "$mode" = all ] && flags+=(--all)
    "$mimic" -q run "${flags[@]}" -c "$out/classes" --out "$out/$mode" --runs 1 \
      -- java -cp "$out/classes" "$main" > "$out/$mode.run.log" 2>&1 || true
    grep -E '^generated' "$out/$mode.run.log" | sed "s/^/$name \/ $mode: /" \
      || tail -3 "$out/$mode.run.log"
    "$mimic" -q verify --tests "$out/$mode/src/test/java" -c "$instrumented" --runs 1 \
      --jvm-arg=-Djacoco-agent.destfile="$out/$mode.exec" --work "$out/$mode-verify" \
      > "$out/$mode.verify.log" 2>&1 || true
    coverage "$name / tests, $mode mode" "$out/$mode.exec" "$out/selected" \
      "$out/workload.xml" "$out/$mode.verify.log"
  done
}

measure reservations se.kth.castor.reservations.Main
measure mockables se.kth.castor.mockables.Main
measure word-scanner se.kth.castor.scanner.Main
measure inner-classes se.kth.castor.meter.Main
measure stock se.kth.castor.stock.Main
