#!/bin/sh
# regen.sh regenerates the committed survey of the standard library's
# assembly: every assembly function of crypto/..., math/big,
# internal/bytealg and internal/chacha8rand proved against the Go function
# its package uses in its place (vgcheck survey), for amd64 and arm64
# (replays under qemu-aarch64). It takes tens of minutes, so CI does not
# run it; rerun it when vgcheck or the Go release changes.
#
# Each package with assembly for the architecture is surveyed by its own
# process, so the memory one package's proofs take (AES-GCM's key
# schedule: about 9 GB once) is returned before the next starts; vgcheck survey
# -merge then prints the rows as one survey.
#
#   docs/survey/regen.sh [amd64|arm64 ...]
set -e
cd "$(dirname "$0")/../.."
arches=${*:-amd64 arm64}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/vgcheck
go build -o "$bin" ./cmd/vgcheck
patterns="crypto/... math/big internal/bytealg internal/chacha8rand"
for arch in $arches; do
	start=$(date +%s)
	pkgs=$(GOARCH=$arch go list -f '{{if .SFiles}}{{.ImportPath}}{{end}}' $patterns)
	files=
	for pkg in $pkgs; do
		out=$tmp/$arch.$(echo "$pkg" | tr / _).json
		status=0
		nice -n 10 "$bin" survey -arch "$arch" -budget 90s -timeout 60s -j 2 -q \
			-json-file "$out" "$pkg" > /dev/null || status=$?
		# status 2: some function is not proved (the expected outcome).
		[ "$status" -le 2 ] || { echo "regen.sh: survey of $pkg for $arch exited $status" >&2; exit "$status"; }
		files="$files $out"
		printf '%s %s: %ss so far\n' "$arch" "$pkg" "$(($(date +%s) - start))" >&2
	done
	# The merged files replace the committed ones only when every package
	# is done, so a run that is stopped leaves them whole.
	status=0
	"$bin" survey -arch "$arch" -merge -json-file "$tmp/$arch.json" $files > "$tmp/$arch.txt" || status=$?
	[ "$status" -le 2 ] || exit "$status"
	mv "$tmp/$arch.json" "docs/survey/$arch.json"
	mv "$tmp/$arch.txt" "docs/survey/$arch.txt"
	printf '%s survey: %ss wall, %s\n' "$arch" "$(($(date +%s) - start))" "$(go version)" >&2
done
