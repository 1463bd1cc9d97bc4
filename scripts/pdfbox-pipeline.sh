#!/usr/bin/env bash
# PDFBox through the whole pipeline (issue 5's real-world check): plan the MUTs of
# pdfbox-app 2.0.24 (PDFBox + FontBox), record the one-JVM workload of
# examples/pdfbox-workload (extract text and images, split, merge) on the PDFs it makes,
# check the workload's text output is unchanged, generate tests and verify them.
# Figures go to docs/results.md. RUNS (default 3) verify runs; MAX_PER_MUT (default 3);
# RECORD_ARGS more `mimic record` options (e.g. '--nodes 1000 --value-bytes 65536').
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${MIMIC_WORK:-$root/target/pdfbox-pipeline}
rm -rf "$work" && mkdir -p "$work"
source bench/release.sh
jar=$(pinned_jar pdfbox-app)
javac -d "$work/workload" -cp "$jar" $(find examples/pdfbox-workload/src -name '*.java')
java -Dpdfbox.fontcache="$work" -cp "$jar:$work/workload" se.kth.castor.pdfworkload.MakePdfs "$work/pdfs" > /dev/null 2>&1
run_workload() { java -Dpdfbox.fontcache="$work" -cp "$jar:$work/workload" se.kth.castor.pdfworkload.Workload "$@"; }

echo "== mimic targets"
"$mimic" targets -c "$jar" --project-package org.apache.pdfbox --project-package org.apache.fontbox -o "$work/plan.json" > "$work/targets.txt"
tail -n 1 "$work/targets.txt"

echo "== workload, plain and under mimic record"
t0=$(date +%s.%N); run_workload "$work/plain" "$work"/pdfs/*.pdf > /dev/null 2>&1; t1=$(date +%s.%N)
"$mimic" record --plan "$work/plan.json" --store "$work/traces.db" ${RECORD_ARGS:-} -- java -Dpdfbox.fontcache="$work" -cp "$jar:$work/workload" \
  se.kth.castor.pdfworkload.Workload "$work/recorded" "$work"/pdfs/*.pdf > /dev/null 2> "$work/record.stderr"
t2=$(date +%s.%N)
grep '^mimic' "$work/record.stderr"
if diff <(cd "$work/plain" && cat $(ls *.txt | sort)) <(cd "$work/recorded" && cat $(ls *.txt | sort)) > /dev/null; then
  echo "extracted text identical under the agent"
else
  echo "EXTRACTED TEXT DIFFERS"; exit 1
fi
python3 -c "print(f'wall time: plain {$t1-$t0:.1f} s, recorded {$t2-$t1:.1f} s')"

echo "== mimic generate"
"$mimic" generate --store "$work/traces.db" --out "$work/src/test/java" --resources "$work/src/test/resources" --max-per-mut "${MAX_PER_MUT:-3}" > "$work/generate.txt"
cat "$work/generate.txt"

echo "== mimic verify (${RUNS:-3} runs)"
"$mimic" verify --tests "$work/src/test/java" -c "$jar" --runs "${RUNS:-3}" --work "$work/verify" > "$work/verify.txt" || true
grep -E '^[0-9]+ (tests over|methods under test)' "$work/verify.txt" || true
echo "per-MUT table and failures: $work/verify.txt"
