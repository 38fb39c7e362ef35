#!/usr/bin/env bash
# Reproduces the attacks on the proof gate (ATTACKS.md, G1–G5) in a scratch
# clone of this repository, so nothing here changes:
#
#   testdata/kernels/attack/gate/repro.sh
#
# It writes records for this package, commits them in the clone, then makes
# one change at a time and runs -check-records and -changed-since HEAD (what
# `ci/gate REV` runs before a push).
set -euo pipefail
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$repo" "$tmp/vg"
cd "$tmp/vg"
git checkout -q "$(git -C "$repo" rev-parse HEAD)"
go build -o "$tmp/vgcheck" ./cmd/vgcheck
pkg=./testdata/kernels/attack/gate
nice -n 10 "$tmp/vgcheck" prove -q -write-records $pkg | tail -1
git add proofs && git -c user.name=repro -c user.email=repro@localhost commit -qm records

verdicts='^(REFUTED|VIOLATED|ERROR|UNKNOWN|[0-9]+ obligations|vgcheck:)'
try() {
	echo "=== $1"
	echo "--- -check-records"
	nice -n 10 "$tmp/vgcheck" prove -q -check-records $pkg 2>&1 | grep -E "$verdicts" | cut -c1-160 || true
	echo "--- -changed-since HEAD"
	nice -n 10 "$tmp/vgcheck" prove -q -changed-since HEAD $pkg 2>&1 | grep -E "$verdicts" | cut -c1-160 || true
	git checkout -q -- .
}

sed -i 's/\tINCQ AX/\tADDQ $2, AX/' $pkg/gate_amd64.s
try "G1: tailHelper (reached by tailJmp's JMP) now adds 2"
sed -i 's/^type vec \[4\]uint64/type vec = [4]uint64/' $pkg/gate.go
try "G2: vec becomes an alias of [4]uint64, so out and a may be one array"
sed -i 's/return x < 16/return x < 32/' $pkg/gate.go
try "G3: the precondition's body is loosened"
sed -i 's/func mask() uint64 { return 15 }/func mask() uint64 { return 31 }/' $pkg/gate.go
try "G4: a callee of the spec changes"
sed -i '/^\/\/vg:public key$/d' $pkg/gate_amd64.go
try "G5: //vg:public key is removed"
