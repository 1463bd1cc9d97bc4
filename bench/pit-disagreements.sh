#!/usr/bin/env bash
# Who is right where mimic and PIT + Descartes disagree: every mutant PIT reports as
# surviving and mimic as detected, checked with PIT's own mutant and a plain JUnit run.
#
# PIT runs again on the classes of the disagreeing methods only, with its EXPORT feature
# (the mutated class files it ran, one directory per mutant); each exported mutant of a
# disagreeing method and operator is then put first on the class path of a fresh JVM that
# runs the tests of the mutated class's package with JUnit's console launcher, from the
# directory the benchmark runs the tests in. The same tests run once without a mutant
# first (they must pass). A mutant under which tests fail is detected by the test suite,
# whatever PIT's minion saw: in the disagreements on commons-codec the mutated methods run
# only while a class initialises, which PIT's minion had done before it switched the
# mutant on, so the tests there never met the mutant.
#
#   bench/mutate-vs-descartes.sh /tmp/mb          (first: with PIT, SUBJECTS holding codec)
#   bench/pit-disagreements.sh /tmp/mb            (then this, on the same work directory)
#   SUBJECT=commons-cli-1.9.0 bench/pit-disagreements.sh /tmp/mb   (default commons-codec-1.17.1)
#
# Both runs leave out the test classes commons-codec's build leaves out (*AbstractTest,
# *PerformanceTest), as bench/mutate-vs-descartes.sh does.
#
# Prints one line per mutant (method, operator, PIT's status, mimic's, the tests that fail
# under it in a plain run) and a summary line. Needs java 17, mvn, python3; downloads
# junit-platform-console-standalone 1.11.4 into ~/.m2 once.
set -euo pipefail

WORK="${1:-/tmp/mutate-bench-run}"
SUBJECT="${SUBJECT:-commons-codec-1.17.1}"
S="$WORK/$SUBJECT"
for need in classes test-classes lib run pit/methods.json mimic-methods.json; do
  [ -e "$S/$need" ] || { echo "no $S/$need: run bench/mutate-vs-descartes.sh $WORK with PIT first"; exit 2; }
done
OPERATORS="void,null,true,false,empty,0,1,(byte)0,(byte)1,(short)0,(short)1,0L,1L,0.0,0.1,0.0f,0.1f,'\\40','A',\"\",\"A\""
jars() { ls "$@" | tr '\n' ':' | sed 's/:$//'; }

CHECK="$S/pit-disagreements"
rm -rf "$CHECK"
mkdir -p "$CHECK"

# The disagreeing mutants: class, method, descriptor, operator, PIT's status, mimic's.
python3 - "$S/pit/methods.json" "$S/mimic-methods.json" > "$CHECK/mutants.tsv" <<'EOF'
import json, sys
def load(path):
    out = {}
    for m in json.load(open(path))["methods"]:
        for mu in m["mutations"]:
            key = (m["package"].replace("/", ".") + "." + m["class"], m["name"], m["description"], mu["mutator"])
            out[key] = mu["status"]
    return out
pit, mimic = load(sys.argv[1]), load(sys.argv[2])
for key in sorted(pit):
    theirs, ours = pit[key], mimic.get(key)
    if theirs == "SURVIVED" and ours in ("KILLED", "TIMED_OUT"):
        print("\t".join(key + (theirs, ours)))
EOF
COUNT=$(wc -l < "$CHECK/mutants.tsv")
echo "$COUNT mutant(s) PIT + Descartes reports as surviving and mimic as detected"
[ "$COUNT" -gt 0 ] || exit 0

CLASSES=$(cut -f1 "$CHECK/mutants.tsv" | sort -u | tr '\n' ',' | sed 's/,$//')
echo "== PIT + Descartes again on $CLASSES, exporting its mutants"
DEPS="$(jars "$S"/lib/*.jar | tr ':' '\n' | grep -v "/lib/$SUBJECT" | tr '\n' ':' | sed 's/:$//')"
PIT_DEPS="$DEPS"
ls "$WORK"/junit5-plugin/*.jar > /dev/null 2>&1 && PIT_DEPS="$DEPS:$(jars "$WORK"/junit5-plugin/*.jar)"
# The tests PIT looks at: those of the packages holding the mutated classes (their longest
# common package; which tests run does not matter to what PIT exports).
PKG=$(cut -f1 "$CHECK/mutants.tsv" | sed 's/\.[^.]*$//' | sort -u | python3 -c '
import os, sys
print(".".join(os.path.commonprefix([l.strip().split(".") for l in sys.stdin])))')
(cd "$S/run" && java -cp "$(jars "$WORK"/pit-lib/*.jar):$PIT_DEPS:../classes:../test-classes" \
  org.pitest.mutationtest.commandline.MutationCoverageReport \
  --reportDir "$CHECK/pit" --targetClasses "$CLASSES" --targetTests "$PKG.*" \
  --sourceDirs ../src --mutationEngine descartes --mutators "$OPERATORS" --outputFormats METHODS \
  --features=+EXPORT --threads 2 --timestampedReports=false --jvmArgs=-Xmx12g \
  --excludedTestClasses='*AbstractTest,*PerformanceTest' \
  --classPath "../classes,../test-classes,${PIT_DEPS//:/,}" > "$CHECK/pit.log" 2>&1) \
  || { tail -30 "$CHECK/pit.log"; exit 1; }

echo "== junit-platform-console-standalone 1.11.4 (Maven Central)"
mkdir -p "$CHECK/console"
cat > "$CHECK/console.pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>mimic.bench</groupId><artifactId>console</artifactId><version>1</version>
<dependencies><dependency><groupId>org.junit.platform</groupId>
<artifactId>junit-platform-console-standalone</artifactId><version>1.11.4</version></dependency>
</dependencies></project>
EOF
mvn -q -B -f "$CHECK/console.pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies \
  -DoutputDirectory="$CHECK/console" > "$CHECK/console.log" 2>&1 || { cat "$CHECK/console.log"; exit 1; }
CONSOLE=$(ls "$CHECK"/console/junit-platform-console-standalone-*.jar)
# The tests' own dependencies without JUnit (the console jar brings its engines).
TEST_DEPS=$(ls "$S"/lib/*.jar | grep -v "/lib/$SUBJECT" | grep -v -E '/(junit-|opentest4j|apiguardian)' | tr '\n' ':' | sed 's/:$//')

# run_tests MUTANT_DIR PACKAGE LOG: the package's tests in a fresh JVM, MUTANT_DIR first.
run_tests() {
  (cd "$S/run" && timeout 600 java -Xmx12g -jar "$CONSOLE" execute --disable-banner --disable-ansi-colors --details=tree \
    --class-path "$1:$S/classes:$S/test-classes:$TEST_DEPS" --select-package "$2" \
    --exclude-classname '.*(AbstractTest|PerformanceTest)$' > "$3" 2>&1)
}

python3 - "$CHECK" <<'EOF' > "$CHECK/exported.tsv"
# Each exported mutant: its directory, class, method, descriptor, operator.
import pathlib, re, sys
root = pathlib.Path(sys.argv[1]) / "pit" / "export"
for details in sorted(root.rglob("details.txt")):
    text = details.read_text()
    clazz = re.search(r"clazz=([\w.$]+)", text).group(1)
    method = re.search(r"method=([^,\]]+)", text).group(1)
    desc = re.search(r"methodDesc=([^,\]]+)", text).group(1)
    operator = re.search(r"mutator=(.+?)\], filename=", text, re.S).group(1)
    print("\t".join([str(details.parent), clazz, method, desc, operator]))
EOF

DETECTED=0; CHECKED=0
for PKG_OF in $(cut -f1 "$CHECK/mutants.tsv" | sed 's/\.[^.]*$//' | sort -u); do
  run_tests "" "$PKG_OF" "$CHECK/clean-$PKG_OF.log" \
    || { echo "the tests of $PKG_OF fail without a mutant (see $CHECK/clean-$PKG_OF.log)"; exit 1; }
done
while IFS=$'\t' read -r CLASS METHOD DESC OPERATOR PIT_STATUS MIMIC_STATUS; do
  DIR=$(awk -F'\t' -v c="$CLASS" -v m="$METHOD" -v d="$DESC" -v o="$OPERATOR" \
    '$2 == c && $3 == m && $4 == d && $5 == o { print $1; exit }' "$CHECK/exported.tsv")
  NAME="$CLASS.$METHOD$DESC [$OPERATOR]"
  if [ -z "$DIR" ]; then
    echo "  $NAME: PIT exported no such mutant"; continue
  fi
  # The exported class file, laid out by package for the class path.
  M="$CHECK/mutant-$CHECKED"
  mkdir -p "$M/$(dirname "${CLASS//.//}")"
  cp "$DIR/$CLASS.class" "$M/${CLASS//.//}.class"
  LOG="$CHECK/mutant-$CHECKED.log"
  CHECKED=$((CHECKED + 1))
  if run_tests "$M" "${CLASS%.*}" "$LOG"; then
    echo "  $NAME: PIT $PIT_STATUS, mimic $MIMIC_STATUS; plain JUnit: every test passes"
  else
    DETECTED=$((DETECTED + 1))
    FAILED=$(grep -oE '[0-9]+ tests failed' "$LOG" | grep -oE '^[0-9]+' || echo "?")
    FAILED_CLASSES=$(grep -oE '[0-9]+ containers failed' "$LOG" | grep -oE '^[0-9]+' || echo "?")
    FIRST=$(grep -m1 -E '✘' "$LOG" | sed 's/^[^A-Za-z]*//' | cut -c1-110 || true)
    echo "  $NAME: PIT $PIT_STATUS, mimic $MIMIC_STATUS; plain JUnit: $FAILED test(s) and $FAILED_CLASSES container(s) fail, first: $FIRST"
  fi
done < "$CHECK/mutants.tsv"
echo "checked $CHECKED of $COUNT mutant(s) with PIT's exported class: $DETECTED detected by the tests in a plain JUnit run"
