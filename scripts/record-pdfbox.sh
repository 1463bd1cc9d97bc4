#!/usr/bin/env bash
# PDFBox text extraction under `mimic record`: the plan from `mimic targets` over
# pdfbox-app 2.0.24 (project packages org.apache.pdfbox and org.apache.fontbox), the PDFs
# of examples/pdfbox-workload, ExtractText on each PDF without and with the agent. Checks
# that the extracted text is identical, then prints `mimic traces` for the store.
# Usage: scripts/record-pdfbox.sh [extra mimic record flags…]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/release.sh
jar=$(pinned_jar pdfbox-app)
work=$(mktemp -d /tmp/agent-pdfbox-XXXXXX)
trap 'rm -rf "$work"' EXIT
javac -nowarn --release 17 -cp "$jar" -d "$work/makepdfs" $(find examples/pdfbox-workload/src -name '*.java')
java -Dpdfbox.fontcache="$work" -cp "$jar:$work/makepdfs" se.kth.castor.pdfworkload.MakePdfs "$work/pdfs" > /dev/null
"$mimic" targets -c "$jar" --project-package org.apache.pdfbox --project-package org.apache.fontbox -o "$work/plan.json" | tail -1
status=0
for pdf in "$work"/pdfs/*.pdf; do
  name=$(basename "$pdf" .pdf)
  java -Dpdfbox.fontcache="$work" -cp "$jar" org.apache.pdfbox.tools.ExtractText -encoding UTF-8 "$pdf" "$work/$name.base.txt" 2> /dev/null
  "$mimic" record --plan "$work/plan.json" --store "$work/traces.db" "$@" -- \
    java -Dpdfbox.fontcache="$work" -cp "$jar" org.apache.pdfbox.tools.ExtractText -encoding UTF-8 "$pdf" "$work/$name.rec.txt" 2>&1 | grep '^mimic:' || true
  if cmp -s "$work/$name.base.txt" "$work/$name.rec.txt"; then
    echo "$name: extracted text identical ($(wc -c < "$work/$name.rec.txt") bytes)"
  else
    echo "$name: extracted text DIFFERS"; status=1
  fi
done
"$mimic" traces "$work/traces.db" | head -40
echo "log: $(grep -c 'instrumented' "$work/traces.db.log") class loads instrumented, $(grep -c 'left unchanged' "$work/traces.db.log" || true) left unchanged"
exit $status
