package survey

import _ "embed"

//go:embed stdlib.table
var stdlibTable string

// StdlibTable is the built-in table for the standard library's assembly
// (stdlib.table): block sizes, loop counts that are public, preconditions
// (package vg.dev/survey/stdlib), the counterparts the naming conventions
// miss, and the functions not meant to be constant time.
func StdlibTable() (*Table, error) { return ParseTable("stdlib.table", stdlibTable) }
