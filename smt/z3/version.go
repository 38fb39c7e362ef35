package z3

/*
#include <z3.h>
*/
import "C"

import "fmt"

// Version is the version of the libz3 the binary is linked with.
func Version() string {
	var major, minor, build, rev C.uint
	C.Z3_get_version(&major, &minor, &build, &rev)
	return fmt.Sprintf("%d.%d.%d", major, minor, build)
}
