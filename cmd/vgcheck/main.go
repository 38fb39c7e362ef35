// Command vgcheck proves Go assembly kernels equal to Go spec functions on
// the machine code of the linked binary.
//
// Usage:
//
//	vgcheck prove [flags] [packages]      prove every //vg:spec obligation in the packages
//	vgcheck prove -kernel P.f -spec Q.g   prove one ad-hoc obligation
//	vgcheck disasm importpath.fn          print the decoded machine code
//	vgcheck lift importpath.fn            print the lifted output terms
//
// Exit status: 0 when every obligation is proved, 1 when one is refuted, 2
// on an error or an unknown with no refutation.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
