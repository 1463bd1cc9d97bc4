#!/usr/bin/env bash
# The end-to-end run on the bundled examples (README, first command): build mimic, check
# and fetch the toolchain, then for each example program: compile it, find its methods
# under test (mimic targets), run its workload under the recording agent (mimic record,
# output must be unchanged), generate JUnit 5 + Mockito tests from what it did (mimic
# generate), and compile and run them three times (mimic verify), ending in the table.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${MIMIC_DEMO_DIR:-$root/target/demo}
rm -rf "$work" && mkdir -p "$work"

step() { printf '\n== %s\n' "$*"; }

step "build mimic and its agent"
cargo build --release --quiet -p mimic-cli -p mimic-agent
mimic=$root/target/release/mimic

step "mimic doctor --fetch"
"$mimic" doctor --fetch

status=0
for example in reservations:se.kth.castor.reservations.Main mockables:se.kth.castor.mockables.Main; do
  name=${example%%:*}; main=${example#*:}; dir=$work/$name
  step "$name: compile"
  mkdir -p "$dir"
  javac --release 17 -d "$dir/classes" $(find "examples/$name/src" -name '*.java')
  java -cp "$dir/classes" "$main" > "$dir/plain.txt"

  step "$name: mimic targets"
  "$mimic" targets -c "$dir/classes" -o "$dir/plan.json"

  step "$name: mimic record -- java $main"
  # An example may bring its own redaction rules (reservations: the paper's test card numbers).
  rules=()
  [[ -f "examples/$name/redaction.toml" ]] && rules=(--redact-rules "examples/$name/redaction.toml")
  "$mimic" record "${rules[@]}" --plan "$dir/plan.json" --store "$dir/traces.db" -- java -cp "$dir/classes" "$main" > "$dir/recorded.txt"
  diff -u "$dir/plain.txt" "$dir/recorded.txt" && echo "output under the agent identical to the plain run ($(wc -l < "$dir/plain.txt") lines)"
  "$mimic" traces "$dir/traces.db"

  step "$name: mimic generate"
  "$mimic" generate --store "$dir/traces.db" --out "$dir/src/test/java"

  step "$name: mimic verify (3 runs)"
  "$mimic" verify --tests "$dir/src/test/java" -c "$dir/classes" --runs 3 --work "$dir/verify" || status=1
done

step "done: generated tests are under $work/*/src/test/java"
exit $status
