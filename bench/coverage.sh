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
# directory, printed). Env: WORK, MIMIC_CACHE, ONLY (a regular expression: measure only the
# examples whose name matches, e.g. ONLY='inner|pinger'). Needs java 17+, mvn, python3, cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/release.sh
work=${WORK:-$(mktemp -d /tmp/mimic-coverage-bench-XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "java: $(command -v java) ($(java -version 2>&1 | head -1)); work: $work"
source bench/jacoco.sh

# One example: examples/$1 (or, for `thesis/<package>`, that package of examples/thesis)
# with main class $2 and the program's arguments after it; LIBS (a class path) is added
# to the program's class path.
measure() {
  local name=$1 main=$2
  shift 2
  local -a args=("$@")
  [[ -z ${ONLY:-} || $name =~ $ONLY ]] || return 0
  local out=$work/$name libs=${LIBS:+:$LIBS}
  rm -rf "$out"
  mkdir -p "$out"
  local src=examples/$name/src
  [[ $name == thesis/* ]] && src=examples/thesis/src/${name#thesis/}
  javac -nowarn --release 17 -d "$out/classes" $(find "$src" -name '*.java')
  # What JaCoCo reports on: every class but the entry point's.
  cp -r "$out/classes" "$out/selected"
  find "$out/selected" -name "${main##*.}.class" -delete
  local instrumented
  instrumented=$(instrument "$out/classes" "$out/instrumented")
  java -Djacoco-agent.destfile="$out/workload.exec" -cp "$instrumented$libs" "$main" "${args[@]}" \
    > "$out/workload.log" 2>&1 || true
  coverage "$name / the workload" "$out/workload.exec" "$out/selected"
  local mode flags rules=()
  # An example may bring its own redaction rules (reservations: the paper's test cards).
  [ -f "examples/$name/redaction.toml" ] && rules=(--redact-rules "examples/$name/redaction.toml")
  for mode in rick all; do
    flags=("${rules[@]}")
    # Whole-program mode also through `mimic run --coverage` (its own Table I: the
    # summary line below, the table in <mode>.run.log).
    [ "$mode" = all ] && flags+=(--all --coverage)
    "$mimic" -q run "${flags[@]}" -c "$out/classes" --out "$out/$mode" --runs 1 \
      -- java -cp "$out/classes$libs" "$main" "${args[@]}" > "$out/$mode.run.log" 2>&1 || true
    grep -E '^generated|^coverage: the tests' "$out/$mode.run.log" | sed "s|^|$name / $mode: |" \
      || tail -3 "$out/$mode.run.log"
    "$mimic" -q verify --tests "$out/$mode/src/test/java" -c "$instrumented$libs" --runs 1 \
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
# The thesis's golden examples (test6 dies of its NullPointerException on purpose; the
# DAO runs on the SQLite driver).
measure thesis/abc abc.Main
measure thesis/test6 test6.Main 15
measure thesis/dice dice.Main
measure thesis/pinger pinger.Main
sqlite=$(pinned_jar sqlite-jdbc)
LIBS=$sqlite measure thesis/dao dao.Main
