# Sourced (from the repository's root) by the bench and scripts that run mimic's release
# build on real programs: builds mimic and its agent, sets `mimic` (an absolute path) and
# exports MIMIC_AGENT, and defines `pinned_jar NAME`, the path of the pinned jar whose
# coordinate contains NAME (`pdfbox-app`, `sqlite-jdbc`), fetched into mimic's artifact
# cache first (`mimic doctor --fetch`).
cargo build --release --quiet -p mimic-cli -p mimic-agent
mimic=$PWD/target/release/mimic
export MIMIC_AGENT=$PWD/target/release/libmimic_agent.so
pinned_jar() {
  "$mimic" doctor --fetch > /dev/null
  "$mimic" doctor --json | python3 -c 'import json,sys; print([a["path"] for a in json.load(sys.stdin)["cache"]["test_runtime"] if sys.argv[1] in a["coordinate"]][0])' "$1"
}
