#!/usr/bin/env bash
# mimic mutate side by side with PIT + Descartes (both from Maven Central), in the same
# run, on two releases of Apache Commons CLI: 1.5.0 (JUnit 4 tests) and 1.9.0 (JUnit 5
# tests, parameterized). Same classes, same tests, same operators (Reneri Table I), default
# stop methods on both sides, two threads / two test JVMs each. Prints per-method
# agreement, every disagreement, and the wall-time ratio.
#
#   bench/mutate-vs-descartes.sh [work-dir]            (default /tmp/mutate-bench-run)
#   MIMIC=path/to/mimic bench/mutate-vs-descartes.sh   (skip building mimic)
#   SUBJECTS="1.5.0" bench/mutate-vs-descartes.sh      (one subject only)
#
# Needs java 17+, mvn, python3, cargo. Downloads once (into ~/.m2): pitest-command-line
# 1.6.8, descartes 1.2.6 (the newest on Maven Central; PIT 1.6.8 is the newest PIT that
# loads it, 1.4.10 cannot read Java 17 classes), pitest-junit5-plugin 0.14, the subjects
# with their tests jars and test dependencies.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${1:-/tmp/mutate-bench-run}"
SUBJECTS="${SUBJECTS:-1.5.0 1.9.0}"
THREADS=2
# Reneri Table I as Descartes operator ids ('\40' is the space character).
OPERATORS="void,null,true,false,empty,0,1,(byte)0,(byte)1,(short)0,(short)1,0L,1L,0.0,0.1,0.0f,0.1f,'\\40','A',\"\",\"A\""

mkdir -p "$WORK"
cd "$WORK"

# fetch DIR DEPENDENCIES_XML: copy the jars (with their dependencies) into DIR.
fetch() {
  mkdir -p "$1"
  cat > "$1.pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>mimic.bench</groupId><artifactId>$(basename "$1")</artifactId><version>1</version>
<dependencies>$2</dependencies></project>
EOF
  rm -rf "$1"
  mvn -q -B -f "$1.pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies -DoutputDirectory="$1"
}
dep() { echo "<dependency><groupId>$1</groupId><artifactId>$2</artifactId><version>$3</version>${4:+<classifier>$4</classifier>}</dependency>"; }
jars() { ls "$@" | tr '\n' ':' | sed 's/:$//'; }

echo "== fetching jars (Maven Central, cached in ~/.m2)"
fetch "$WORK/pit-lib" "$(dep org.pitest pitest-command-line 1.6.8)$(dep eu.stamp-project descartes 1.2.6)"
fetch "$WORK/junit5-plugin" "$(dep org.pitest pitest-junit5-plugin 0.14)"

if [ -z "${MIMIC:-}" ]; then
  echo "== building mimic"
  (cd "$ROOT" && cargo build -q --release -p mimic-cli)
  MIMIC="$ROOT/target/release/mimic"
fi

for VERSION in $SUBJECTS; do
  S="$WORK/commons-cli-$VERSION"
  echo
  echo "######## commons-cli $VERSION"
  case "$VERSION" in
    1.5.*) TEST_DEPS="$(dep junit junit 4.13.2)" ;;
    *) TEST_DEPS="$(dep org.junit.jupiter junit-jupiter-engine 5.11.4)$(dep org.junit.jupiter junit-jupiter-params 5.11.4)$(dep org.junit.platform junit-platform-launcher 1.11.4)$(dep commons-io commons-io 2.16.1)$(dep org.mockito mockito-core 4.11.0)" ;;
  esac
  fetch "$S/lib" "$(dep commons-cli commons-cli "$VERSION")$(dep commons-cli commons-cli "$VERSION" tests)$TEST_DEPS"
  rm -rf "$S/classes" "$S/test-classes" "$S/run" "$S/pit" "$S/mimic-work"
  mkdir -p "$S/classes" "$S/test-classes" "$S/src"
  (cd "$S/classes" && unzip -q "../lib/commons-cli-$VERSION.jar" -x 'META-INF/*')
  (cd "$S/test-classes" && unzip -q "../lib/commons-cli-$VERSION-tests.jar" -x 'META-INF/*')
  # Two tests read src/test/resources/... relative to the working directory.
  mkdir -p "$S/run/src/test/resources/org/apache/commons/cli"
  cp "$S/test-classes/org/apache/commons/cli/existing-readable.file" "$S/run/src/test/resources/org/apache/commons/cli/"
  DEPS="$(jars "$S"/lib/*.jar | tr ':' '\n' | grep -v "/lib/commons-cli-$VERSION" | tr '\n' ':' | sed 's/:$//')"
  PIT_DEPS="$DEPS"
  case "$VERSION" in 1.5.*) ;; *) PIT_DEPS="$DEPS:$(jars "$WORK"/junit5-plugin/*.jar)" ;; esac
  cd "$S/run"

  echo "== PIT 1.6.8 + Descartes 1.2.6 ($THREADS threads)"
  PIT_START=$(date +%s.%N)
  java -cp "$(jars "$WORK"/pit-lib/*.jar):$PIT_DEPS:../classes:../test-classes" \
    org.pitest.mutationtest.commandline.MutationCoverageReport \
    --reportDir ../pit --targetClasses 'org.apache.commons.cli.*' --targetTests 'org.apache.commons.cli.*' \
    --sourceDirs ../src --mutationEngine descartes --mutators "$OPERATORS" --outputFormats METHODS \
    --threads "$THREADS" --timestampedReports=false \
    --classPath "../classes,../test-classes,${PIT_DEPS//:/,}" \
    > ../pit.log 2>&1
  PIT_END=$(date +%s.%N)

  echo "== mimic mutate ($THREADS test JVMs)"
  MIMIC_START=$(date +%s.%N)
  set +e
  "$MIMIC" mutate --classes ../classes --tests ../test-classes --classpath "$DEPS" \
    --operators "$OPERATORS" --workers "$THREADS" \
    -o ../mimic-methods.json --html ../mimic-html --work-dir ../mimic-work > ../mimic.txt 2>&1
  STATUS=$?
  set -e
  MIMIC_END=$(date +%s.%N)
  [ "$STATUS" -le 1 ] || { cat ../mimic.txt; exit 1; }
  cd "$S"

  python3 - "$PIT_START" "$PIT_END" "$MIMIC_START" "$MIMIC_END" <<'EOF'
import json, sys
from collections import Counter
pit_s = float(sys.argv[2]) - float(sys.argv[1])
mimic_s = float(sys.argv[4]) - float(sys.argv[3])
def load(path):
    return {(m["package"] + "/" + m["class"], m["name"], m["description"]): m
            for m in json.load(open(path))["methods"]}
pit, mimic = load("pit/methods.json"), load("mimic-methods.json")
keys = sorted(set(pit) | set(mimic))
agree, rows = 0, []
for k in keys:
    p, m = pit.get(k), mimic.get(k)
    pc = p["classification"] if p else "(not mutated)"
    mc = m["classification"] if m else "(not mutated)"
    if pc == mc:
        agree += 1
    else:
        detail = ""
        if p and m:
            detail = f"  pit not-detected={sorted(p['not-detected'])} mimic not-detected={sorted(m['not-detected'])}"
        rows.append(f"  {k[0]}.{k[1]}{k[2]}: PIT+Descartes {pc}, mimic {mc}{detail}")
print(f"methods: PIT+Descartes {len(pit)}, mimic {len(mimic)}, union {len(keys)}")
for name, d in (("PIT+Descartes", pit), ("mimic", mimic)):
    c = Counter(m["classification"] for m in d.values())
    print(f"  {name}: " + ", ".join(f"{x} {c[x]}" for x in ("tested", "partially-tested", "pseudo-tested", "not-covered")))
print(f"agreement: {agree}/{len(keys)} methods = {100.0 * agree / len(keys):.1f}%")
print("disagreements:" if rows else "disagreements: none")
if rows:
    print("\n".join(rows))
print(f"wall time: PIT+Descartes {pit_s:.1f} s, mimic {mimic_s:.1f} s, ratio {pit_s / mimic_s:.2f}x")
EOF
  grep -E "^(phases|[0-9]+ tests)" mimic.txt
  cd "$WORK"
done
