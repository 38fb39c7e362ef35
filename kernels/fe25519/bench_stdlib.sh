#!/usr/bin/env bash
# Benchmarks every fe25519 variant next to the Go standard library's field
# arithmetic (crypto/internal/fips140/edwards25519/field, which cannot be
# imported) in one `go test` run, so ratios come from the same conditions.
#
# Usage: kernels/fe25519/bench_stdlib.sh [go test flags...]
#   COUNT=10 kernels/fe25519/bench_stdlib.sh      (default COUNT=5)
#   BENCHSTAT=1 kernels/fe25519/bench_stdlib.sh   (summarise with benchstat)
#   VG_CPU_FEATURES=none ...                      (hide the ADX variants)
#
# Both packages' benchmarks compute x = x·y (or x = x²) in a loop, so the
# numbers are per dependent call. Ours are BenchmarkMul/{Mul,mulADX,mulMULQ,
# mulGeneric,spec} and BenchmarkSquare/..., the standard library's are
# BenchmarkMultiply and BenchmarkSquare (its feMul/feSquare, MULQ based).
set -euo pipefail

cd "$(dirname "$0")/../.."
count="${COUNT:-5}"
benchstat_version="v0.0.0-20260908200009-22c9c6c9d4da"

run() {
	go test -p 1 -run '^$' -bench '^Benchmark(Mul|Multiply|Square|Carry)$' \
		-count "$count" "$@" \
		./kernels/fe25519 crypto/internal/fips140/edwards25519/field
}

if [[ "${BENCHSTAT:-}" == "1" ]]; then
	out="$(mktemp)"
	trap 'rm -f "$out"' EXIT
	run "$@" | tee "$out"
	go run "golang.org/x/perf/cmd/benchstat@${benchstat_version}" "$out"
else
	run "$@"
fi
