// Command vgcheck proves Go assembly kernels equal to Go spec functions on
// the machine code of the linked binary, constant time and frame safe.
//
// Usage:
//
//	vgcheck prove [flags] [packages]      prove every //vg:spec obligation in the packages
//	vgcheck prove -kernel P.f -spec Q.g   prove one ad-hoc obligation
//	vgcheck ct [flags] [packages]         constant time and frame safety only
//	vgcheck mutate [flags] [packages]     mutation testing of the kernels
//	vgcheck disasm importpath.fn          print the decoded machine code
//	vgcheck lift importpath.fn            print the lifted output terms
//	vgcheck version                       the prover's, Go's and Z3's versions
//	vgcheck help [command]                every flag of every command
//
// Reports (text, -json, -sarif, -junit, -html DIR) place every finding at
// its line of the kernel's .s file, the Go stub as related location.
//
// Exit status: 0 when every obligation is proved, 1 when one is refuted, 2
// on an error or an unknown with no refutation.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
