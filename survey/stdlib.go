package survey

import (
	"embed"
	"fmt"
)

//go:embed stdlib.table
var stdlibTable string

// StdlibTable is the built-in table for the standard library's assembly
// (stdlib.table): block sizes, loop counts that are public, preconditions
// (package vg.dev/survey/stdlib), the counterparts the naming conventions
// miss, and the functions not meant to be constant time.
func StdlibTable() (*Table, error) { return ParseTable("stdlib.table", stdlibTable) }

// adapters are the adapter files (Entry.Adapter): Go source in the
// package of the kernel they serve, written here, part of the spec. They
// are not Go files of this module (they could not compile here).
//
//go:embed adapters/*.go.in
var adapters embed.FS

// adapterSource is the text of the built-in adapter name.
func adapterSource(name string) (string, error) {
	src, err := adapters.ReadFile("adapters/" + name + ".go.in")
	if err != nil {
		return "", fmt.Errorf("adapter=%s: no built-in adapter of that name (survey/adapters/%s.go.in)", name, name)
	}
	return string(src), nil
}
