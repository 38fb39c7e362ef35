#!/usr/bin/env bash
# ML-DSA key generation, signing and verification in one run: vg.dev/crypto/mldsa
# and CIRCL (this module's BenchmarkMLDSA) and the standard library's
# crypto/internal/fips140/mldsa (the same benchmark, added to GOROOT's
# package by an overlay, stdlib/zz_vg_bench_test.go), interleaved COUNT
# times, then benchstat with one column per implementation.
#
#   bench/bench_mldsa.sh [COUNT] [BENCHTIME]      (default 6, 1s)
set -euo pipefail
cd "$(dirname "$0")"
count=${1:-6}
benchtime=${2:-1s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
goroot=$(go env GOROOT)
pkg=crypto/internal/fips140/mldsa
cat >"$tmp/overlay.json" <<JSON
{"Replace": {"$goroot/src/$pkg/zz_vg_bench_test.go": "$PWD/stdlib/zz_vg_bench_test.go"}}
JSON
go test -c -o "$tmp/vg.test" .
(cd "$goroot/src" && go test -c -tags vgstdlib -overlay "$tmp/overlay.json" -o "$tmp/std.test" "$pkg")
out=$tmp/out.txt
for i in $(seq "$count"); do
	"$tmp/vg.test" -test.run '^$' -test.bench '^BenchmarkMLDSA$' -test.benchtime "$benchtime" >>"$out"
	"$tmp/std.test" -test.run '^$' -test.bench '^BenchmarkMLDSA$' -test.benchtime "$benchtime" >>"$out"
done
cp "$out" "${BENCH_OUT:-/dev/null}" 2>/dev/null || true
go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da -col /impl -ignore pkg "$out"
