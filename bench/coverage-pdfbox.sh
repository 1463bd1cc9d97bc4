#!/usr/bin/env bash
# Issue 16's coverage bar on a real program: do the tests `mimic run --all` generates from
# the PDFBox workload (examples/pdfbox-workload `Workload`: text and image extraction,
# split and merge of the four PDFs `MakePdfs` writes, in one JVM) cover the lines the
# workload covered? JaCoCo 0.8.12 (offline instrumentation of pdfbox-app 2.0.24, see
# bench/jacoco.sh) measures the workload once, then the generated tests (one verify run
# against the instrumented jar); the line says how many of the workload's covered lines
# the tests cover again, over every class of the jar (bundled libraries included, as
# `--all` plans them), and then through `mimic verify --coverage --run-exec` (its Table I
# per class and why each uncovered method is not covered are in cli.verify.log). The
# reports stay under WORK (default: a temporary directory).
# Env: WORK, MIMIC_CACHE. Needs java 17+, mvn, python3, cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/release.sh
work=${WORK:-$(mktemp -d /tmp/mimic-coverage-pdfbox-XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "java: $(command -v java) ($(java -version 2>&1 | head -1)); work: $work"
source bench/jacoco.sh
jar=$(pinned_jar pdfbox-app)
javac -nowarn --release 17 -cp "$jar" -d "$work/workload" $(find examples/pdfbox-workload/src -name '*.java')
java -Dpdfbox.fontcache="$work" -cp "$jar:$work/workload" se.kth.castor.pdfworkload.MakePdfs "$work/pdfs" > /dev/null 2>&1
pdfs=("$work"/pdfs/*.pdf)

instrumented=$(instrument "$jar" "$work/instrumented")
java -Djacoco-agent.destfile="$work/workload.exec" -Dpdfbox.fontcache="$work" \
  -cp "$instrumented:$work/workload" se.kth.castor.pdfworkload.Workload "$work/plain" "${pdfs[@]}" \
  > "$work/workload.log" 2>&1
coverage "PDFBox / the workload" "$work/workload.exec" "$jar"

start=$(date +%s.%N)
"$mimic" -q run --all -c "$jar" --out "$work/all" --runs 1 \
  -- java -Dpdfbox.fontcache="$work" -cp "$jar:$work/workload" se.kth.castor.pdfworkload.Workload \
  "$work/recorded" "${pdfs[@]}" > "$work/all.run.log" 2>&1 || true
grep -E '^generated|tests over' "$work/all.run.log" || tail -3 "$work/all.run.log"
python3 -c "import sys; print(f'mimic run --all: {float(sys.argv[2]) - float(sys.argv[1]):.0f} s')" "$start" "$(date +%s.%N)"
"$mimic" -q verify --tests "$work/all/src/test/java" -c "$instrumented" --runs 1 \
  --jvm-arg=-Djacoco-agent.destfile="$work/all.exec" --jvm-arg=-Dpdfbox.fontcache="$work" \
  --work "$work/all-verify" > "$work/all.verify.log" 2>&1 || true
coverage "PDFBox / tests, all mode" "$work/all.exec" "$jar" "$work/workload.xml" "$work/all.verify.log"
# The same comparison through mimic's own command (`mimic verify --coverage`, JaCoCo
# 0.8.15, the workload's data above given with --run-exec): its summary line.
"$mimic" -q verify --tests "$work/all/src/test/java" -c "$jar" --runs 1 --coverage \
  --run-exec "$work/workload.exec" --jvm-arg=-Dpdfbox.fontcache="$work" \
  --work "$work/cli-verify" > "$work/cli.verify.log" 2>&1 || true
grep -E '^coverage: the tests' "$work/cli.verify.log" | sed 's|^|PDFBox / mimic verify --coverage: |' \
  || tail -3 "$work/cli.verify.log"
