#!/usr/bin/env bash
# The end-to-end demonstration (README, first command). Today it runs what mimic can do
# end to end: check and fetch the toolchain, build the examples, rewrite every method and
# call site of the examples and of PDFBox with the class-file engine, run them under the
# JVM's verifier and compare their output with the unrewritten run. It grows with each
# capability (targets, record, generate, verify).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${MIMIC_DEMO_DIR:-$root/target/demo}
rm -rf "$work" && mkdir -p "$work"

step() { printf '\n== %s\n' "$*"; }

step "build mimic"
cargo build --release --quiet -p mimic-cli
mimic=$root/target/release/mimic

step "mimic doctor --fetch"
"$mimic" doctor --fetch

jar=$("$mimic" doctor --json | python3 -c 'import json,sys; print([a["path"] for a in json.load(sys.stdin)["cache"]["test_runtime"] if "pdfbox-app" in a["coordinate"]][0])')

declare -a rows
run_example() { # name main-class
  local name=$1 main=$2
  step "example $name: compile, run, rewrite, run under -Xverify:all"
  mkdir -p "$work/$name"
  javac --release 17 -d "$work/$name/classes" $(find "examples/$name/src" -name '*.java')
  java -cp "$work/$name/classes" "$main" > "$work/$name/expected.txt"
  "$mimic" rewrite "$work/$name/classes" -o "$work/$name/rewritten" | tee "$work/$name/rewrite.txt"
  java -Xverify:all -cp "$work/$name/rewritten" "$main" > "$work/$name/actual.txt" 2> "$work/$name/stderr.txt"
  diff -u "$work/$name/expected.txt" "$work/$name/actual.txt"
  local probes; probes=$(grep '^mimic-probe:' "$work/$name/stderr.txt")
  echo "output identical ($(wc -l < "$work/$name/expected.txt") lines); $probes"
  rows+=("$name|$(sed -E 's/rewrote ([0-9]+) of ([0-9]+) classes: ([0-9]+) methods wrapped, ([0-9]+) call sites bridged.*/\1 classes, \3 methods wrapped, \4 calls bridged/' "$work/$name/rewrite.txt")|identical")
}

run_example reservations se.kth.castor.reservations.Main
run_example mockables se.kth.castor.mockables.Main

step "PDFBox: make PDFs, rewrite pdfbox + fontbox, extract text under -Xverify:all"
mkdir -p "$work/pdfbox"
javac -d "$work/pdfbox/makepdfs" -cp "$jar" $(find examples/pdfbox-workload/src -name '*.java')
java -Dpdfbox.fontcache="$work/pdfbox" -cp "$jar:$work/pdfbox/makepdfs" se.kth.castor.pdfworkload.MakePdfs "$work/pdfbox/pdfs" 2> "$work/pdfbox/makepdfs.stderr.txt"
"$mimic" rewrite "$jar" -o "$work/pdfbox/pdfbox-app-rewritten.jar" --only org/apache/pdfbox/ --only org/apache/fontbox/ --strict-verification | tee "$work/pdfbox/rewrite.txt"
same=0; total=0
for pdf in "$work"/pdfbox/pdfs/*.pdf; do
  total=$((total + 1))
  java -Dpdfbox.fontcache="$work/pdfbox" -cp "$jar" org.apache.pdfbox.tools.ExtractText -encoding UTF-8 "$pdf" "$pdf.expected.txt" 2> "$pdf.plain-stderr.txt"
  java -Xverify:all -Dpdfbox.fontcache="$work/pdfbox" -cp "$work/pdfbox/pdfbox-app-rewritten.jar" \
    org.apache.pdfbox.tools.ExtractText -encoding UTF-8 "$pdf" "$pdf.actual.txt" 2> "$pdf.stderr.txt"
  if cmp -s "$pdf.expected.txt" "$pdf.actual.txt"; then
    same=$((same + 1)); echo "$(basename "$pdf"): text identical ($(wc -c < "$pdf.expected.txt") bytes); $(grep '^mimic-probe:' "$pdf.stderr.txt")"
  else
    echo "$(basename "$pdf"): TEXT DIFFERS"; diff "$pdf.expected.txt" "$pdf.actual.txt" | head -20
  fi
done
rows+=("pdfbox-app 2.0.24|$(sed -E 's/rewrote ([0-9]+) of ([0-9]+) classes: ([0-9]+) methods wrapped, ([0-9]+) call sites bridged.*/\1 classes, \3 methods wrapped, \4 calls bridged/' "$work/pdfbox/rewrite.txt")|$same of $total PDFs identical")

step "report"
printf '%-18s | %-55s | %s\n' "program" "rewritten" "output under -Xverify:all"
for r in "${rows[@]}"; do
  IFS='|' read -r name what result <<< "$r"
  printf '%-18s | %-55s | %s\n' "$name" "$what" "$result"
done
[ "$same" -eq "$total" ]
