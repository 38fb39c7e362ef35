#!/usr/bin/env bash
# Issue 16's comparison in one run: Ed25519 key generation, signing of 64
# bytes and verification, the X25519 shared secret and public key, for
# vg.dev/crypto/ed25519 and vg.dev/crypto/x25519 under each CPU variant
# (VG_CPU_FEATURES unset: IFMA where the CPU has it; avx2,bmi2,adx;
# bmi2,adx; none: the Go comb and ladder over the field kernels' specs),
# next to the standard library, CIRCL and curve25519-voi, interleaved
# COUNT times. The peers run in the first process of each round only.
# Prints benchstat's tables with one column per implementation
# (impl=vg-ifma, vg-avx2, vg-adx, vg-none, stdlib, circl, voi), wall time
# and the thread's CPU time (cpu-sec/op, steadier on a shared machine).
#
#   bench/bench_25519.sh [COUNT] [BENCHTIME]      (default 8, 0.5s)
#
# BENCH_OUT=FILE keeps the raw benchmark lines.
set -euo pipefail
cd "$(dirname "$0")"
count=${1:-8}
benchtime=${2:-0.5s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/vg.test" .
out=$tmp/out.txt
ops='^(BenchmarkEd25519Keygen|BenchmarkEd25519Sign|BenchmarkEd25519Verify|BenchmarkX25519Shared|BenchmarkX25519PublicKey)$'
for i in $(seq "$count"); do
	for v in ifma avx2 adx none; do
		features=
		impls='^impl=(vg|stdlib|circl|voi)$'
		case $v in
		avx2) features=avx2,bmi2,adx ;;
		adx) features=bmi2,adx ;;
		none) features=none ;;
		esac
		[ "$v" = ifma ] || impls='^impl=vg$'
		VG_CPU_FEATURES=$features "$tmp/vg.test" -test.run '^$' -test.bench "$ops/$impls" -test.benchtime "$benchtime" |
			sed -E "s#/impl=vg-#/impl=vg-$v-#" >>"$out"
	done
done
cp "$out" "${BENCH_OUT:-/dev/null}" 2>/dev/null || true
benchstat() { go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da "$@"; }
benchstat -col /impl -ignore pkg "$out"
