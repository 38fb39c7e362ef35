#!/usr/bin/env bash
# ML-DSA key generation, signing and verification in one run: vg.dev/crypto/mldsa
# and CIRCL (this module's BenchmarkMLDSA) and the standard library's
# crypto/internal/fips140/mldsa (the same benchmark, added to GOROOT's
# package by an overlay, stdlib/zz_vg_bench_test.go), interleaved COUNT
# times, then benchstat with one column per implementation. The same loop
# runs vg.dev/kernels/mldsa's BenchmarkNTT and BenchmarkInvNTT (the AVX2 and
# AVX-512 transforms, and the Go spec), into a second table with one column
# per variant; a variant the CPU lacks is skipped.
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
(cd .. && go test -c -o "$tmp/ntt.test" ./kernels/mldsa)
out=$tmp/out.txt
ntt=$tmp/ntt.txt
for i in $(seq "$count"); do
	"$tmp/vg.test" -test.run '^$' -test.bench '^BenchmarkMLDSA$' -test.benchtime "$benchtime" >>"$out"
	"$tmp/std.test" -test.run '^$' -test.bench '^BenchmarkMLDSA$' -test.benchtime "$benchtime" >>"$out"
	"$tmp/ntt.test" -test.run '^$' -test.bench '^Benchmark(Inv)?NTT$' -test.benchtime "$benchtime" >>"$ntt"
done
cp "$out" "${BENCH_OUT:-/dev/null}" 2>/dev/null || true
benchstat() { go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da "$@"; }
benchstat -col /impl -ignore pkg "$out"
# BenchmarkNTT/nttAVX2 → BenchmarkNTT/variant=AVX2, so that benchstat puts
# the variants side by side (the first column, AVX2, is the base).
sed -E 's#^(Benchmark(Inv)?NTT)/(ntt|invNTT)(AVX2|AVX512)-#\1/variant=\4-#; s#^(Benchmark(Inv)?NTT)/spec-#\1/variant=spec-#' "$ntt" >"$ntt.named"
echo
benchstat -col /variant -ignore pkg "$ntt.named"
