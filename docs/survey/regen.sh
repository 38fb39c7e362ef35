#!/bin/sh
# regen.sh regenerates the committed survey of the standard library's
# assembly: every assembly function of crypto/..., math/big,
# internal/bytealg and internal/chacha8rand proved against the Go function its package uses in its
# place (vgcheck survey), for amd64 and arm64 (replays under qemu-aarch64).
# It takes tens of minutes, so CI does not run it; rerun it when vgcheck or
# the Go release changes.
#
#   docs/survey/regen.sh [amd64|arm64 ...]
set -e
cd "$(dirname "$0")/../.."
arches=${*:-amd64 arm64}
bin=$(mktemp -d)/vgcheck
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/vgcheck
for arch in $arches; do
	start=$(date +%s)
	status=0
	# The run writes beside the committed files and replaces them only
	# when it finishes, so a run that is stopped leaves them whole.
	tmp=$(dirname "$bin")
	nice -n 10 "$bin" survey -arch "$arch" -budget 90s -timeout 60s -j 2 -q \
		-json-file "$tmp/$arch.json" crypto/... math/big internal/bytealg internal/chacha8rand \
		> "$tmp/$arch.txt" || status=$?
	# status 2: some function is not proved (the expected outcome).
	[ "$status" -le 2 ] || exit "$status"
	mv "$tmp/$arch.json" "docs/survey/$arch.json"
	mv "$tmp/$arch.txt" "docs/survey/$arch.txt"
	printf '%s survey: %ss wall, %s\n' "$arch" "$(($(date +%s) - start))" "$(go version)" >&2
done
