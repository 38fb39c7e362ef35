#!/usr/bin/env bash
# Benchmarks table selection in one `go test` run, so ratios come from the
# same conditions: BenchmarkSelect/{Select,selectGeneric,selectCMOV} next to
# /spec (the direct index, not constant time: the floor) and /goloop (a
# constant-time Go loop with masks: the fair baseline).
#
# Usage: kernels/ctselect/bench.sh [go test flags...]
#   COUNT=10 kernels/ctselect/bench.sh      (default COUNT=5)
#   BENCHSTAT=1 kernels/ctselect/bench.sh   (summarise with benchstat)
#   kernels/ctselect/bench.sh -tags purego  (the generic variant only)
set -euo pipefail

cd "$(dirname "$0")/../.."
count="${COUNT:-5}"
benchstat_version="v0.0.0-20260908200009-22c9c6c9d4da"

run() {
	go test -p 1 -cpu 1 -run '^$' -bench '^BenchmarkSelect$' \
		-count "$count" "$@" ./kernels/ctselect
}

if [[ "${BENCHSTAT:-}" == "1" ]]; then
	out="$(mktemp)"
	trap 'rm -f "$out"' EXIT
	run "$@" | tee "$out"
	go run "golang.org/x/perf/cmd/benchstat@${benchstat_version}" "$out"
else
	run "$@"
fi
