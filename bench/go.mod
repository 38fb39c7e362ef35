module vg.dev/bench

go 1.26.0

require (
	github.com/cloudflare/circl v1.6.5
	github.com/oasisprotocol/curve25519-voi v0.0.0-20230904125328-1f23a7beb09a
	golang.org/x/sys v0.50.0
	vg.dev v0.0.0
)

require golang.org/x/crypto v0.54.0 // indirect

replace vg.dev => ../
