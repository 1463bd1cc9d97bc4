#!/usr/bin/env bash
# `mimic mutate --project` against `mvn org.pitest:pitest-maven:mutationCoverage` with
# Descartes, in the same run, on real Maven projects built from Maven Central releases:
# each module's release POM as its pom.xml, its `-sources.jar` as src/main/java, its
# `-test-sources.jar` as src/test/java (files that are not Java sources go to
# src/main/resources and src/test/resources, where the projects' repositories keep them).
#
#   cli-1.9.0      Apache Commons CLI 1.9.0, one module (JUnit 5). Also compared with the
#                  hand-assembled run of bench/mutate-vs-descartes.sh (release jars, same
#                  operators): every method's verdict should be the same.
#   numbers-1.2    Apache Commons Numbers 1.2, a multi-module build: the parent POM and
#                  its modules (core, complex, primes, quaternion, fraction, angle, gamma,
#                  combinatorics, arrays, field, rootfinder, and the bom and docs POM
#                  modules), which depend on one another through the reactor.
#   codec-1.17.1   Apache Commons Codec 1.17.1, one module whose build (its pom over
#                  commons-parent 71) leaves **/*PerformanceTest.java and
#                  **/*AbstractTest.java out of Surefire's run: mimic --project leaves them
#                  out too and says so (pitest-maven does not read Surefire's selection).
#   text-1.12.0    Apache Commons Text 1.12.0, one module (JUnit 5, AssertJ, Mockito),
#                  a subject none of mimic's tests or earlier figures used.
#   csv-1.11.0     Apache Commons CSV 1.11.0,
#   dbutils-1.8.1  Apache Commons DbUtils 1.8.1 (JUnit 4, Mockito),
#   jexl-3.4.0     Apache Commons JEXL 3.4.0 (2,500 mutants; long) and
#   validator-1.9.0  Apache Commons Validator 1.9.0, one module each, first tried in
#                  session 64 as a new user would.
#
# Both tools get the same operators (Reneri Table I), two threads / two test JVMs, Maven's
# compiled classes, and leave out the tests that fail without mutants (mimic names them as
# red; PIT's skipFailingTests: commons-text's two tests that need the network). PIT
# needs its plugin in the POM (Descartes #48): the script runs it on a copy of the project
# whose parent POM gains the plugin (pitest-maven 1.6.8, Descartes 1.2.6,
# pitest-junit5-plugin 0.14 — the newest PIT that loads Descartes); mimic runs on the
# project as released. Both times include Maven compiling the project (`mvn
# test-compile` for PIT; mimic asks Maven for what it needs), from a clean `target/`.
#
#   bench/maven-projects.sh [work-dir]              (default /tmp/maven-projects-bench)
#   MIMIC_ARGS="--jvm-arg=-Xmx12g" bench/maven-projects.sh  (more flags for mimic mutate)
#   SUBJECTS="numbers-1.2" bench/maven-projects.sh  (cli-1.9.0 numbers-1.2; also codec-1.17.1,
#                                                   text-1.12.0, csv-1.11.0, dbutils-1.8.1, jexl-3.4.0,
#                                                   validator-1.9.0)
#   MIMIC=path/to/mimic bench/maven-projects.sh     (skip building mimic)
#   HAND=0 bench/maven-projects.sh                  (no hand-assembled commons-cli run)
#   PIT=0 bench/maven-projects.sh                   (mimic only)
#
# Prints, per subject: both wall times and their ratio, per module and overall the
# classification counts, the per-method agreement and every disagreement.
# Needs java 17+, mvn, python3, cargo; downloads into ~/.m2 once.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${1:-/tmp/maven-projects-bench}"
SUBJECTS="${SUBJECTS:-cli-1.9.0 numbers-1.2}"
HAND="${HAND:-1}"
PIT="${PIT:-1}"
THREADS=2
OPERATORS="void,null,true,false,empty,0,1,(byte)0,(byte)1,(short)0,(short)1,0L,1L,0.0,0.1,0.0f,0.1f,'\\40','A',\"\",\"A\""
DEP_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.6.1

mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
echo "java: $(java -version 2>&1 | head -1)"
seconds() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }

# copy GROUP:ARTIFACT:VERSION:TYPE[:CLASSIFIER] DIR: one artifact from Maven Central into DIR.
copy() {
  mvn -q -B "$DEP_PLUGIN:copy" -Dartifact="$1" -DoutputDirectory="$2" -Dmdep.stripVersion=false > /dev/null
}

# unpack JAR DIR RESOURCES: the Java sources of JAR into DIR, its other files (not
# META-INF, not generated sources) into RESOURCES.
unpack() {
  local tmp
  tmp="$(mktemp -d)"
  # (A test-sources jar may carry what an annotation processor generated, JMH's
  # jmh_generated benchmarks in commons-text's: the build generates them again.)
  # META-INF/services is the project's (ServiceLoader registrations, commons-dbutils'
  # handlers); the rest of META-INF is the jar's own (manifest, Maven metadata, licence).
  (cd "$tmp" && unzip -q -o "$1" -x 'META-INF/*' && { unzip -q -o "$1" 'META-INF/services/*' 2>/dev/null || true; } \
    && find . -path '*/jmh_generated/*' -delete)
  mkdir -p "$2"
  (cd "$tmp" && find . -type f -name '*.java' -exec cp --parents {} "$2" \;)
  if [ -n "$(cd "$tmp" && find . -type f ! -name '*.java' | head -1)" ]; then
    mkdir -p "$3"
    (cd "$tmp" && find . -type f ! -name '*.java' -exec cp --parents {} "$3" \;)
  fi
  rm -rf "$tmp"
}

# module GROUP ARTIFACT VERSION DIR: lay out one module from its release artifacts.
module() {
  local g=$1 a=$2 v=$3 d=$4 lib
  lib="$WORK/artifacts/$a-$v"
  mkdir -p "$lib" "$d"
  # (Each step says when it fails: the caller may test this function, which turns -e off.)
  [ -f "$lib/$a-$v.pom" ] || copy "$g:$a:$v:pom" "$lib" || return 1
  cp "$lib/$a-$v.pom" "$d/pom.xml" || return 1
  grep -q '<packaging>pom</packaging>' "$d/pom.xml" && return 0
  [ -f "$lib/$a-$v-sources.jar" ] || copy "$g:$a:$v:jar:sources" "$lib" || return 1
  [ -f "$lib/$a-$v-test-sources.jar" ] || copy "$g:$a:$v:jar:test-sources" "$lib" || return 1
  unpack "$lib/$a-$v-sources.jar" "$d/src/main/java" "$d/src/main/resources"
  unpack "$lib/$a-$v-test-sources.jar" "$d/src/test/java" "$d/src/test/resources"
}

# with_pit POM [JVM_ARGS]: the same POM with pitest-maven + Descartes in its build plugins
# (JVM_ARGS, space-separated: options for PIT's test JVMs, what the build's Surefire
# argLine gives its tests; pitest-maven 1.6.8 does not read it).
with_pit() {
  python3 - "$1" "$OPERATORS" "$THREADS" "${2:-}" <<'PY'
import sys
import xml.etree.ElementTree as ET
path, operators, threads, jvm_args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
jvm = "".join(f"<jvmArg>{a}</jvmArg>" for a in jvm_args.split())
jvm = f"<jvmArgs>{jvm}</jvmArgs>" if jvm else ""
mutators = "".join(f"<mutator>{o.replace(chr(92) + '40', ' ').replace('&', '&amp;').replace('<', '&lt;')}</mutator>"
                   for o in operators.split(","))
plugin = f"""<plugin><groupId>org.pitest</groupId><artifactId>pitest-maven</artifactId><version>1.6.8</version>
<configuration><mutationEngine>descartes</mutationEngine><mutators>{mutators}</mutators>
<outputFormats><format>METHODS</format></outputFormats><threads>{threads}</threads>
<timestampedReports>false</timestampedReports><failWhenNoMutations>false</failWhenNoMutations>
<skipFailingTests>true</skipFailingTests>{jvm}</configuration>
<dependencies><dependency><groupId>eu.stamp-project</groupId><artifactId>descartes</artifactId><version>1.2.6</version></dependency>
<dependency><groupId>org.pitest</groupId><artifactId>pitest-junit5-plugin</artifactId><version>0.14</version></dependency></dependencies></plugin>"""
N = "{http://maven.apache.org/POM/4.0.0}"
ET.register_namespace("", N[1:-1])
tree = ET.parse(path)
project = tree.getroot()
# The project's own <build><plugins> (not pluginManagement's, not a profile's).
build = project.find(N + "build")
if build is None:
    build = ET.SubElement(project, N + "build")
plugins = build.find(N + "plugins")
if plugins is None:
    plugins = ET.SubElement(build, N + "plugins")
element = ET.fromstring(plugin.replace("<plugin>", f'<plugin xmlns="{N[1:-1]}">', 1))
plugins.append(element)
tree.write(path, xml_declaration=True, encoding="UTF-8")
PY
}

if [ -z "${MIMIC:-}" ]; then
  echo "== building mimic"
  (cd "$ROOT" && cargo build -q --release -p mimic-cli)
  MIMIC="$ROOT/target/release/mimic"
fi
MIMIC="$(cd "$(dirname "$MIMIC")" && pwd)/$(basename "$MIMIC")"
GATES="-Drat.skip=true -Dcheckstyle.skip=true -Denforcer.skip=true -Dpmd.skip=true -Dcpd.skip=true -Dspotbugs.skip=true -Danimal.sniffer.skip=true -Djapicmp.skip=true -Drevapi.skip=true -Dmaven.javadoc.skip=true -Djacoco.skip=true"

for SUBJECT in $SUBJECTS; do
  PIT_JVM_ARGS=""
  case "$SUBJECT" in
    cli-1.9.0) GROUP=commons-cli; PARENT=commons-cli; VERSION=1.9.0; MODULES="" ;;
    numbers-1.2) GROUP=org.apache.commons; PARENT=commons-numbers-parent; VERSION=1.2
      MODULES="core complex primes quaternion fraction angle gamma combinatorics arrays field rootfinder bom docs" ;;
    codec-1.17.1) GROUP=commons-codec; PARENT=commons-codec; VERSION=1.17.1; MODULES="" ;;
    text-1.12.0) GROUP=org.apache.commons; PARENT=commons-text; VERSION=1.12.0; MODULES="" ;;
    csv-1.11.0) GROUP=org.apache.commons; PARENT=commons-csv; VERSION=1.11.0; MODULES="" ;;
    dbutils-1.8.1) GROUP=commons-dbutils; PARENT=commons-dbutils; VERSION=1.8.1; MODULES="" ;;
    jexl-3.4.0) GROUP=org.apache.commons; PARENT=commons-jexl3; VERSION=3.4.0; MODULES="" ;;
    validator-1.9.0) GROUP=commons-validator; PARENT=commons-validator; VERSION=1.9.0; MODULES=""
      # Its Surefire argLine on Java 9+ (a profile): its locale-dependent tests expect
      # the JDK 8 formats. mimic --project reads it from the build; PIT is told.
      PIT_JVM_ARGS="-Djava.locale.providers=COMPAT,SPI" ;;
    *) echo "unknown subject $SUBJECT (cli-1.9.0, numbers-1.2, codec-1.17.1, text-1.12.0, csv-1.11.0, dbutils-1.8.1, jexl-3.4.0, validator-1.9.0)"; exit 2 ;;
  esac
  S="$WORK/$SUBJECT"
  echo
  echo "######## $SUBJECT"
  echo "== laying out the project from Maven Central"
  rm -rf "$S"
  module "$GROUP" "$PARENT" "$VERSION" "$S/project"
  for M in $MODULES; do
    if ! module "$GROUP" "commons-numbers-$M" "$VERSION" "$S/project/commons-numbers-$M" 2> /dev/null; then
      # A module the parent lists but that is not released (commons-numbers-docs): left
      # out of the build, as the release's own reactor leaves nothing to test in it.
      echo "commons-numbers-$M $VERSION is not on Maven Central: left out of the parent's modules"
      rm -rf "$S/project/commons-numbers-$M"
      sed -i "/<module>commons-numbers-$M<\/module>/d" "$S/project/pom.xml"
    fi
  done
  PIT_START=0; PIT_END=0
  if [ "$PIT" != 0 ]; then
    cp -r "$S/project" "$S/project-pit"
    with_pit "$S/project-pit/pom.xml" "$PIT_JVM_ARGS"

    echo "== PIT 1.6.8 + Descartes 1.2.6 through pitest-maven ($THREADS threads)"
    cd "$S/project-pit"
    PIT_START=$(date +%s.%N)
    # shellcheck disable=SC2086
    mvn -B $GATES test-compile org.pitest:pitest-maven:1.6.8:mutationCoverage > "$S/pit.log" 2>&1 \
      || { grep -E "ERROR|FAIL" "$S/pit.log" | head -30; exit 1; }
    PIT_END=$(date +%s.%N)
    echo "pitest-maven + Descartes: $(seconds "$PIT_START" "$PIT_END") s"
  fi

  echo "== mimic mutate --project ($THREADS test JVMs)"
  cd "$S/project"
  START=$(date +%s.%N)
  set +e
  # shellcheck disable=SC2086
  "$MIMIC" mutate --project . --operators "$OPERATORS" --workers "$THREADS" ${MIMIC_ARGS:-} \
    -o "$S/mimic/methods.json" --html "$S/mimic/html" > "$S/mimic.txt" 2> "$S/mimic.err"
  STATUS=$?
  set -e
  END=$(date +%s.%N)
  [ "$STATUS" -le 1 ] || { tail -n 30 "$S/mimic.txt" "$S/mimic.err"; exit 1; }
  grep "left out by" "$S/mimic.err" || true
  tail -1 "$S/mimic.err"
  echo "mimic mutate --project: $(seconds "$START" "$END") s"
  grep -E "^(project:|phases)" "$S/mimic.txt" || true

  if [ "$SUBJECT" = cli-1.9.0 ] && [ "$HAND" != 0 ]; then
    echo "== the hand-assembled run (bench/mutate-vs-descartes.sh, release jars, mimic only)"
    PIT=0 SUBJECTS=cli-1.9.0 MIMIC="$MIMIC" "$ROOT/bench/mutate-vs-descartes.sh" "$WORK/hand" > "$S/hand.log" 2>&1 \
      || { tail -n 30 "$S/hand.log"; exit 1; }
    cp "$WORK/hand/commons-cli-1.9.0/mimic-methods.json" "$S/hand-methods.json"
  fi

  python3 - "$S" "$PIT_START" "$PIT_END" "$START" "$END" <<'PY'
import glob, json, os, sys
from collections import Counter
s = sys.argv[1]
pit_s = float(sys.argv[3]) - float(sys.argv[2])
mimic_s = float(sys.argv[5]) - float(sys.argv[4])
def methods(path):
    return {(m["package"] + "/" + m["class"], m["name"], m["description"]): m for m in json.load(open(path))["methods"]}
# PIT writes one methods.json per module; mimic one per module (methods-<module>.json)
# when there are several, else the one named.
pit, mimic = {}, {}
for p in sorted(glob.glob(f"{s}/project-pit/**/target/pit-reports/methods.json", recursive=True)):
    module = os.path.dirname(os.path.dirname(os.path.dirname(os.path.relpath(p, f"{s}/project-pit"))))
    pit[module or "(project)"] = methods(p)
files = sorted(glob.glob(f"{s}/mimic/methods*.json"))
for p in files:
    name = os.path.basename(p)[len("methods"):-len(".json")].lstrip("-")
    mimic[name or "(project)"] = methods(p)
order = ("tested", "partially-tested", "pseudo-tested", "not-covered")
total_agree = total = 0
all_pit, all_mimic = {}, {}
for module in sorted(set(pit) | set(mimic)):
    p, m = pit.get(module, {}), mimic.get(module, {})
    all_pit.update(p); all_mimic.update(m)
    if not pit:  # PIT=0: mimic's figures only
        cm = Counter(x["classification"] for x in m.values())
        print(f"{module}: {len(m)} methods; mimic {'/'.join(str(cm[o]) for o in order)} (tested/partially/pseudo/not covered)")
        continue
    keys = set(p) | set(m)
    agree = sum(1 for k in keys if k in p and k in m and p[k]["classification"] == m[k]["classification"])
    total_agree += agree; total += len(keys)
    cp, cm = Counter(x["classification"] for x in p.values()), Counter(x["classification"] for x in m.values())
    print(f"{module}: {len(keys)} methods, agreement {agree}/{len(keys)}"
          f"; PIT {'/'.join(str(cp[o]) for o in order)}; mimic {'/'.join(str(cm[o]) for o in order)} (tested/partially/pseudo/not covered)")
    for k in sorted(keys):
        pc = p[k]["classification"] if k in p else "(not mutated)"
        mc = m[k]["classification"] if k in m else "(not mutated)"
        if pc != mc:
            detail = ""
            if k in p and k in m:
                detail = f" pit not-detected={sorted(p[k]['not-detected'])} mimic not-detected={sorted(m[k]['not-detected'])}"
            print(f"  differs: {k[0]}.{k[1]}{k[2]}: PIT+Descartes {pc}, mimic {mc}{detail}")
if total:
    print(f"agreement with pitest-maven + Descartes: {total_agree}/{total} methods = {100.0 * total_agree / total:.1f}%")
hand = f"{s}/hand-methods.json"
if os.path.exists(hand):
    h = methods(hand)
    verdict = lambda x: (x["classification"], x["detected"], x["not-detected"], x["tests"])
    same = [k for k in h if k in all_mimic and verdict(h[k]) == verdict(all_mimic[k])]
    print(f"--project against the hand-assembled run: {len(same)}/{len(set(h) | set(all_mimic))} methods with the same"
          " classification, operators and covering tests")
    for k in sorted(set(h) | set(all_mimic)):
        if k not in same:
            print(f"  differs: {k}: hand {h.get(k, {}).get('classification')}, --project {all_mimic.get(k, {}).get('classification')}")
if pit_s > 0:
    print(f"wall time: pitest-maven + Descartes {pit_s:.1f} s, mimic mutate --project {mimic_s:.1f} s, ratio {pit_s / mimic_s:.2f}x")
else:
    print(f"wall time: mimic mutate --project {mimic_s:.1f} s (PIT=0)")
PY
done
