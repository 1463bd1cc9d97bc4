#!/usr/bin/env bash
# The class-file engine's proof on real code, as a script: rewrite every method and call
# site of PDFBox + FontBox (pdfbox-app 2.0.24), run ExtractText on the PDFs that
# examples/pdfbox-workload makes, under -Xverify:all, and compare the text with the
# unrewritten run. (The same check runs in `cargo test -p mimic-instrument --test pdfbox`.)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${MIMIC_WORK:-$root/target/rewrite-pdfbox}
rm -rf "$work" && mkdir -p "$work"
source bench/release.sh
jar=$(pinned_jar pdfbox-app)
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
echo "$same of $total PDFs give identical text"
[ "$same" -eq "$total" ]

