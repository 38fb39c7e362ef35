module vg.dev/bench

go 1.26.0

require (
	github.com/cloudflare/circl v1.6.5
	vg.dev v0.0.0
)

require golang.org/x/sys v0.50.0 // indirect

replace vg.dev => ../
