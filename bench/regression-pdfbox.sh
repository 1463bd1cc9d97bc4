#!/usr/bin/env bash
# Regression power of the tests mimic generates for PDFBox (issue 15): mimic's own
# extreme mutation (`mimic mutate`) with the generated tests as the whole suite, on the
# PDFBox classes that have tests. Run `scripts/pdfbox-pipeline.sh` first, with the same
# MIMIC_WORK (default target/pdfbox-pipeline): its generated and compiled tests are the
# suite. The classes of the methods under test with tests are mutated; the rest of
# pdfbox-app is on the class path. Prints the share of methods classified tested
# (killed by every operator) among the methods the suite covers and among the methods
# under test that have tests, and the classifications of the rest. Figures go to
# docs/results.md ("Regression power of the generated PDFBox tests").
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${MIMIC_WORK:-$root/target/pdfbox-pipeline}
manifest=$work/src/test/java/mimic-tests.json
if [ ! -f "$manifest" ] || [ ! -d "$work/verify/classes" ]; then
  echo "no generated and verified tests in $work: run MIMIC_WORK=$work scripts/pdfbox-pipeline.sh first" >&2
  exit 2
fi
source bench/release.sh
jar=$(pinned_jar pdfbox-app)
out=$work/regression
rm -rf "$out" && mkdir -p "$out/app" "$out/tested" "$out/rest"

echo "== splitting pdfbox-app into the classes with tests and the rest"
(cd "$out/app" && unzip -q -o "$jar")
python3 - "$manifest" "$out" <<'EOF'
import json, os, shutil, sys
manifest, out = sys.argv[1], sys.argv[2]
m = json.load(open(manifest))
classes = sorted({t["mut_class"] for t in m["tests"]})
for c in classes:
    rel = c.replace(".", "/") + ".class"
    os.makedirs(os.path.dirname(os.path.join(out, "tested", rel)), exist_ok=True)
    shutil.move(os.path.join(out, "app", rel), os.path.join(out, "tested", rel))
muts = sorted({(t["mut_class"], t["mut_method"], t["mut_descriptor"]) for t in m["tests"]})
json.dump([list(x) for x in muts], open(os.path.join(out, "muts-with-tests.json"), "w"))
print(f"{len(classes)} classes with tests, {len(muts)} methods under test with tests")
EOF
rm -rf "$out/rest" && mv "$out/app" "$out/rest"
resources=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["resource_root"] or "")' "$manifest")
runtime=$("$mimic" doctor --json | python3 -c 'import json,sys; print(":".join(a["path"] for a in json.load(sys.stdin)["cache"]["test_runtime"] if any(k in a["coordinate"] for k in ("mockito", "byte-buddy", "objenesis"))))')

echo "== mimic mutate (the generated tests as the suite)"
"$mimic" mutate --classes "$out/tested" --tests "$work/verify/classes" \
  --classpath "${resources:+$resources:}$out/rest:$runtime" \
  --jvm-arg=-Dpdfbox.fontcache="$work" \
  -o "$out/methods.json" --report "$out/report.json" > "$out/mutate.txt" 2> "$out/mutate.stderr" || true
tail -n 3 "$out/mutate.txt"
grep -v '^\s*$' "$out/mutate.stderr" | tail -n 2

echo "== regression power"
python3 - "$out" <<'EOF'
import collections, json, os, sys
out = sys.argv[1]
methods = json.load(open(os.path.join(out, "methods.json")))["methods"]
muts = {tuple(x) for x in json.load(open(os.path.join(out, "muts-with-tests.json")))}
def key(m):
    return (m["package"].replace("/", ".") + "." + m["class"] if m["package"] else m["class"], m["name"], m["description"])
covered = [m for m in methods if m["classification"] != "not-covered"]
def share(ms, what):
    c = collections.Counter(m["classification"] for m in ms)
    n = len(ms)
    tested = c.get("tested", 0)
    pct = 100.0 * tested / n if n else 0.0
    rest = ", ".join(f"{k} {v}" for k, v in sorted(c.items()) if k != "tested")
    print(f"{what}: {tested}/{n} tested ({pct:.1f}%); {rest}")
share(covered, "methods of the classes with tests that the suite covers")
of_muts = [m for m in methods if key(m) in muts]
share(of_muts, "methods under test with tests")
print(f"(mutated methods in those classes: {len(methods)}; not covered: {len(methods) - len(covered)}; "
      f"methods under test with tests not mutated (stop methods): {len(muts) - len(of_muts)})")
for m in sorted(of_muts, key=key):
    if m["classification"] != "tested":
        print(f"  {m['classification']:<16} {key(m)[0]}.{m['name']}{m['description']}  not detected: {', '.join(m['not-detected'])}")
EOF
