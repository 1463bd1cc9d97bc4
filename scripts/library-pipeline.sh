#!/usr/bin/env bash
# A real library through the whole pipeline (issue 15: libraries beyond PDFBox, none of
# them in ../shared/subjects.md): plan the library's MUTs, record a parsing workload of
# examples/<name>-workload, check its output is unchanged under the agent, generate tests
# and verify them. The same figures as scripts/pdfbox-pipeline.sh; they go to
# docs/results.md.
#
#   scripts/library-pipeline.sh gson     (Gson 2.11.0: JSON into a model, a tree, maps; back)
#   scripts/library-pipeline.sh yaml     (SnakeYAML 2.3: configurations with anchors, aliases)
#   scripts/library-pipeline.sh jsoup    (jsoup 1.18.1: HTML pages queried, changed, cleaned)
#   scripts/library-pipeline.sh csv      (Commons CSV 1.14.1: three dialects parsed, printed)
#   scripts/library-pipeline.sh markdown (commonmark-java 0.24.0: documents parsed, walked, rendered)
#   scripts/library-pipeline.sh mustache (mustache.java 0.9.14: templates compiled, rendered over scopes)
#   scripts/library-pipeline.sh text     (Commons Text 1.12.0: substitution, tokens, builders, wrapping)
#   scripts/library-pipeline.sh json     (org.json 20250517: documents parsed, changed, written, to XML)
#   scripts/library-pipeline.sh jackson  (Jackson 3.3.0 core: JSON streamed token by token, copied)
#   scripts/library-pipeline.sh freemarker (FreeMarker 2.3.35: templates with lists, macros, built-ins over beans)
#   scripts/library-pipeline.sh javaparser (JavaParser 3.28.2: Java sources parsed, visited, renamed, printed)
#   scripts/library-pipeline.sh pebble   (Pebble 3.2.4: templates with loops, macros, filters over beans)
#   scripts/library-pipeline.sh evalex   (EvalEx 3.5.0: expressions over variables, arrays, structures)
#   scripts/library-pipeline.sh velocity (Apache Velocity 2.4.1: templates with loops, macros, method calls over beans)
#   scripts/library-pipeline.sh jexl     (Commons JEXL 3.4.0: expressions, scripts with loops and lambdas, templates over beans)
#   scripts/library-pipeline.sh collections (Commons Collections 4.5.0: words counted in bags, indexed in tries and multimaps, cached)
#   scripts/library-pipeline.sh jdom     (JDOM 2.0.6.1: XML catalogues parsed, queried with XPath, changed, built, written)
#   RUNS=10 MAX_PER_MUT=3 MIMIC_WORK=/tmp/x scripts/library-pipeline.sh gson
#   RECORD_ARGS='--nodes 1000 --value-bytes 65536' scripts/library-pipeline.sh jdom   (other record limits)
#
# Needs java 17+, mvn (the library comes from Maven Central into ~/.m2), cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: scripts/library-pipeline.sh gson|yaml|jsoup|csv|markdown|mustache|text|json|jackson|freemarker|javaparser|pebble|evalex|velocity|jexl|collections|jdom}
# Libraries whose own dependencies the workload needs (commons-csv calls commons-io), and
# optional dependencies it uses (JDOM's XPath runs on Jaxen), as group:artifact:version.
transitive=false
extra=""
case "$name" in
  gson) group=com.google.code.gson; artifact=gson; version=2.11.0; package=com.google.gson
        main=se.kth.castor.gsonworkload.Workload; src=examples/gson-workload/src ;;
  yaml) group=org.yaml; artifact=snakeyaml; version=2.3; package=org.yaml.snakeyaml
        main=se.kth.castor.yamlworkload.Workload; src=examples/yaml-workload/src ;;
  jsoup) group=org.jsoup; artifact=jsoup; version=1.18.1; package=org.jsoup
        main=se.kth.castor.jsoupworkload.Workload; src=examples/jsoup-workload/src ;;
  csv) group=org.apache.commons; artifact=commons-csv; version=1.14.1; package=org.apache.commons.csv
        main=se.kth.castor.csvworkload.Workload; src=examples/csv-workload/src; transitive=true ;;
  markdown) group=org.commonmark; artifact=commonmark; version=0.24.0; package=org.commonmark
        main=se.kth.castor.markdownworkload.Workload; src=examples/markdown-workload/src ;;
  mustache) group=com.github.spullara.mustache.java; artifact=compiler; version=0.9.14; package=com.github.mustachejava
        main=se.kth.castor.mustacheworkload.Workload; src=examples/mustache-workload/src ;;
  text) group=org.apache.commons; artifact=commons-text; version=1.12.0; package=org.apache.commons.text
        main=se.kth.castor.textworkload.Workload; src=examples/text-workload/src; transitive=true ;;
  json) group=org.json; artifact=json; version=20250517; package=org.json
        main=se.kth.castor.jsonworkload.Workload; src=examples/json-workload/src ;;
  jackson) group=tools.jackson.core; artifact=jackson-core; version=3.3.0; package=tools.jackson.core
        main=se.kth.castor.jacksonworkload.Workload; src=examples/jackson-workload/src ;;
  freemarker) group=org.freemarker; artifact=freemarker; version=2.3.35; package=freemarker
        main=se.kth.castor.freemarkerworkload.Workload; src=examples/freemarker-workload/src ;;
  javaparser) group=com.github.javaparser; artifact=javaparser-core; version=3.28.2; package=com.github.javaparser
        main=se.kth.castor.javaparserworkload.Workload; src=examples/javaparser-workload/src ;;
  pebble) group=io.pebbletemplates; artifact=pebble; version=3.2.4; package=io.pebbletemplates
        main=se.kth.castor.pebbleworkload.Workload; src=examples/pebble-workload/src; transitive=true ;;
  evalex) group=com.ezylang; artifact=EvalEx; version=3.5.0; package=com.ezylang.evalex
        main=se.kth.castor.evalexworkload.Workload; src=examples/evalex-workload/src ;;
  velocity) group=org.apache.velocity; artifact=velocity-engine-core; version=2.4.1; package=org.apache.velocity
        main=se.kth.castor.velocityworkload.Workload; src=examples/velocity-workload/src; transitive=true ;;
  jexl) group=org.apache.commons; artifact=commons-jexl3; version=3.4.0; package=org.apache.commons.jexl3
        main=se.kth.castor.jexlworkload.Workload; src=examples/jexl-workload/src; transitive=true ;;
  collections) group=org.apache.commons; artifact=commons-collections4; version=4.5.0; package=org.apache.commons.collections4
        main=se.kth.castor.collectionsworkload.Workload; src=examples/collections-workload/src ;;
  jdom) group=org.jdom; artifact=jdom2; version=2.0.6.1; package=org.jdom2
        main=se.kth.castor.jdomworkload.Workload; src=examples/jdom-workload/src; extra=jaxen:jaxen:2.0.0 ;;
  *) echo "unknown library $name (gson, yaml, jsoup, csv, markdown, mustache, text, json, jackson, freemarker, javaparser, pebble, evalex, velocity, jexl, collections or jdom)" >&2; exit 2 ;;
esac
work=${MIMIC_WORK:-$PWD/target/$name-pipeline}
rm -rf "$work" && mkdir -p "$work/lib"
source bench/release.sh
cat > "$work/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>mimic.scripts</groupId><artifactId>$name-pipeline</artifactId><version>1</version>
<dependencies><dependency><groupId>$group</groupId><artifactId>$artifact</artifactId><version>$version</version></dependency>
$(for e in $extra; do IFS=: read -r g a v <<< "$e"; echo "<dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$v</version></dependency>"; done)
</dependencies></project>
POM
mvn -q -B -f "$work/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies -DoutputDirectory="$work/lib" -DexcludeTransitive=$([ "$transitive" = true ] && echo false || echo true) -DincludeScope=runtime
# The library first (the project), then what it needs.
jar=$(ls "$work"/lib/$artifact-$version.jar)
for dep in "$work"/lib/*.jar; do
  [ "$dep" = "$(ls "$work"/lib/$artifact-$version.jar)" ] || jar="$jar:$dep"
done
javac -d "$work/workload" -cp "$jar" $(find "$src" -name '*.java')

echo "== mimic targets ($group:$artifact:$version)"
"$mimic" targets -c "$jar" --project-package "$package" -o "$work/plan.json" > "$work/targets.txt"
tail -n 1 "$work/targets.txt"

echo "== workload, plain and under mimic record"
t0=$(date +%s.%N); java -cp "$jar:$work/workload" "$main" > "$work/plain.txt"; t1=$(date +%s.%N)
"$mimic" record --plan "$work/plan.json" --store "$work/traces.db" ${RECORD_ARGS:-} -- java -cp "$jar:$work/workload" "$main" \
  > "$work/recorded.txt" 2> "$work/record.stderr"
t2=$(date +%s.%N)
grep '^mimic' "$work/record.stderr"
if cmp -s "$work/plain.txt" "$work/recorded.txt"; then
  echo "output identical under the agent"
else
  echo "OUTPUT DIFFERS"; exit 1
fi
python3 -c "print(f'wall time: plain {$t1-$t0:.1f} s, recorded {$t2-$t1:.1f} s')"

echo "== mimic generate"
"$mimic" generate --store "$work/traces.db" --out "$work/src/test/java" --resources "$work/src/test/resources" --max-per-mut "${MAX_PER_MUT:-3}" > "$work/generate.txt"
cat "$work/generate.txt"

echo "== mimic verify (${RUNS:-3} runs)"
"$mimic" verify --tests "$work/src/test/java" -c "$jar:$work/workload" --runs "${RUNS:-3}" --work "$work/verify" > "$work/verify.txt" || true
grep -E '^[0-9]+ (tests over|methods under test)' "$work/verify.txt" || true
echo "per-MUT table and failures: $work/verify.txt"
