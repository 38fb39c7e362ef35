#!/usr/bin/env bash
# The fixed-base comb's variants through vg.dev/crypto/ed25519 in one run:
# Ed25519 key generation and signing, and the X25519 public key (the same
# comb), with VG_CPU_FEATURES=avx2,bmi2,adx (scalarBaseAVX2) and
# =bmi2,adx (scalarBaseADX), next to the standard library, interleaved
# COUNT times, then benchstat with one column per implementation
# (impl=vg-adx, vg-avx2, stdlib; the standard library runs in both
# processes). The same loop runs vg.dev/kernels/ed25519's
# BenchmarkScalarBaseMult (every variant in one process) into a second
# table.
#
#   bench/bench_comb.sh [COUNT] [BENCHTIME]      (default 8, 1s)
set -euo pipefail
cd "$(dirname "$0")"
count=${1:-8}
benchtime=${2:-1s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/vg.test" .
(cd .. && go test -c -o "$tmp/comb.test" ./kernels/ed25519)
out=$tmp/out.txt
comb=$tmp/comb.txt
bench='^(BenchmarkEd25519Keygen|BenchmarkEd25519Sign|BenchmarkX25519PublicKey)$/^impl=(vg|stdlib)$'
for i in $(seq "$count"); do
	for v in adx avx2; do
		features=bmi2,adx
		[ "$v" = avx2 ] && features=avx2,bmi2,adx
		VG_CPU_FEATURES=$features "$tmp/vg.test" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" |
			sed -E "s#/impl=vg-#/impl=vg-$v-#" >>"$out"
	done
	"$tmp/comb.test" -test.run '^$' -test.bench '^BenchmarkScalarBaseMult$' -test.benchtime "$benchtime" >>"$comb"
done
cp "$out" "${BENCH_OUT:-/dev/null}" 2>/dev/null || true
benchstat() { go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da "$@"; }
benchstat -col /impl -ignore pkg "$out"
echo
sed -E 's#^BenchmarkScalarBaseMult/(scalarBase)?#BenchmarkScalarBaseMult/variant=#' "$comb" >"$comb.named"
benchstat -col /variant -ignore pkg "$comb.named"
